import type { WorkspaceInvitation, WorkspaceMember } from "@utmost/contracts";

/** Team objects for tests, valid by default like the factories beside them. */

export function makeMember(overrides: Partial<WorkspaceMember> = {}): WorkspaceMember {
  return {
    userId: crypto.randomUUID(),
    fullName: "Grace Hopper",
    email: "grace@example.com",
    role: "member",
    joinedAt: "2025-11-02T10:00:00.000Z",
    isYou: false,
    canChangeRole: false,
    canRemove: false,
    propertyAccess: "all",
    dataSourceIds: [],
    canChangeAccess: false,
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<WorkspaceInvitation> = {}): WorkspaceInvitation {
  return {
    id: crypto.randomUUID(),
    invitedEmail: "sam@example.com",
    role: "member",
    status: "pending",
    invitedBy: { fullName: "Ada Lovelace", email: "ada@example.com" },
    createdAt: "2025-11-03T10:00:00.000Z",
    expiresAt: "2025-11-10T10:00:00.000Z",
    ...overrides,
  };
}
