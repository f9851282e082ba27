import { describe, expect, it } from "vitest";
import { ADMIN_GRANT_USAGE, describeAdminGrant, parseAdminGrantArgs } from "./admin-grant.ts";

describe("npm run admin:grant", () => {
  it("takes one email, in any case, and an optional --revoke", () => {
    expect(parseAdminGrantArgs(["Boss@Example.com"])).toEqual({
      kind: "run",
      email: "boss@example.com",
      action: "grant",
    });
    expect(parseAdminGrantArgs(["--revoke", "boss@example.com"])).toEqual({
      kind: "run",
      email: "boss@example.com",
      action: "revoke",
    });
  });

  it("explains what is wrong with the command line, with the usage", () => {
    const cases: [string[], string][] = [
      [[], "Missing the user's email."],
      [["a@example.com", "b@example.com"], "Give one email at a time."],
      [["not-an-email"], '"not-an-email" is not an email address.'],
      [["a@example.com", "--force"], "Unknown option --force."],
    ];
    for (const [args, message] of cases) {
      expect(parseAdminGrantArgs(args)).toEqual({
        kind: "usage-error",
        message: `${message}\n${ADMIN_GRANT_USAGE}`,
      });
    }
  });

  it("succeeds when the user ends as asked and fails for an unknown email", () => {
    expect(describeAdminGrant({ kind: "granted", email: "a@example.com" })).toEqual({
      message: "a@example.com is now a system administrator.",
      exitCode: 0,
    });
    expect(describeAdminGrant({ kind: "already-admin", email: "a@example.com" }).exitCode).toBe(0);
    expect(describeAdminGrant({ kind: "revoked", email: "a@example.com" }).exitCode).toBe(0);
    expect(describeAdminGrant({ kind: "not-admin", email: "a@example.com" }).exitCode).toBe(0);
    const unknown = describeAdminGrant({ kind: "unknown-email", email: "ghost@example.com" });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.message).toMatch(/^No user has the email ghost@example.com\./);
  });
});
