import type { WorkspaceRole } from "@utmost/contracts";
import { Badge } from "@/components/ui/badge";

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
};

export function RoleBadge({ role }: { role: WorkspaceRole }) {
  return <Badge variant={role === "member" ? "secondary" : "default"}>{ROLE_LABELS[role]}</Badge>;
}
