import { describe, expect, it } from "vitest";
import {
  decideInvitationState,
  type InvitationStateInput,
  invitationToken,
} from "./invitation-state";

const now = new Date("2025-11-05T12:00:00.000Z");
const pending = {
  status: "pending",
  invitedEmail: "Sam.Teammate@Example.com",
  expiresAt: "2025-11-10T12:00:00.000Z",
};

function input(overrides: Partial<InvitationStateInput> = {}): InvitationStateInput {
  return {
    token: "t1",
    invitation: { isPending: false, isError: false, data: pending },
    session: { isPending: false, email: "sam.teammate@example.com" },
    now,
    ...overrides,
  };
}

describe("decideInvitationState", () => {
  it("is invalid without a token, whatever else is known", () => {
    expect(decideInvitationState(input({ token: null })).kind).toBe("invalid");
    expect(decideInvitationState(input({ token: "" })).kind).toBe("invalid");
  });

  it("validates while the invitation or the session loads", () => {
    const loading = { isPending: true, isError: false, data: undefined };
    expect(decideInvitationState(input({ invitation: loading })).kind).toBe("validating");
    expect(decideInvitationState(input({ session: { isPending: true, email: null } })).kind).toBe(
      "validating",
    );
  });

  it("is not found when the lookup fails", () => {
    const failed = { isPending: false, isError: true, data: undefined };
    expect(decideInvitationState(input({ invitation: failed })).kind).toBe("not-found");
  });

  it("names the status of an invitation that is no longer pending, before expiry", () => {
    const accepted = { ...pending, status: "accepted", expiresAt: "2025-11-01T00:00:00.000Z" };
    expect(
      decideInvitationState(
        input({ invitation: { isPending: false, isError: false, data: accepted } }),
      ),
    ).toEqual({ kind: "already", status: "accepted" });
  });

  it("is expired when the server says so", () => {
    const expired = { ...pending, status: "expired" };
    expect(
      decideInvitationState(
        input({ invitation: { isPending: false, isError: false, data: expired } }),
      ),
    ).toEqual({ kind: "expired", expiresAt: expired.expiresAt });
  });

  it("is expired once the expiry has passed, even for a visitor", () => {
    const expired = { ...pending, expiresAt: "2025-11-05T12:00:00.000Z" };
    expect(
      decideInvitationState(
        input({
          invitation: { isPending: false, isError: false, data: expired },
          session: { isPending: false, email: null },
        }),
      ),
    ).toEqual({ kind: "expired", expiresAt: expired.expiresAt });
  });

  it("asks a visitor to sign in", () => {
    expect(decideInvitationState(input({ session: { isPending: false, email: null } })).kind).toBe(
      "sign-in-required",
    );
  });

  it("refuses another account, comparing emails without case", () => {
    expect(
      decideInvitationState(input({ session: { isPending: false, email: "ada@example.com" } })),
    ).toEqual({
      kind: "email-mismatch",
      invitedEmail: pending.invitedEmail,
      signedInEmail: "ada@example.com",
    });
    expect(decideInvitationState(input()).kind).toBe("ready");
  });
});

describe("invitationToken", () => {
  it("reads the token of an invitation's return path", () => {
    expect(invitationToken("/invite/accept?token=abc123")).toBe("abc123");
  });

  it.each([null, "/dashboard?token=abc", "//evil.test/invite/accept?token=abc", "/invite/accept"])(
    "finds none in %j",
    (redirect) => {
      expect(invitationToken(redirect)).toBeNull();
    },
  );
});
