import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceConventions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

/** Issue 10: a workspace's naming conventions, read by members, set by the owner and admins. */
describe.each(testDatabaseKinds())("naming conventions on %s", (kind) => {
  let app: QueueTestApp;
  let owner: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let member: { cookie: string; userId: string };
  let outsider: { cookie: string; userId: string };
  let workspaceId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    [owner, admin, member, outsider] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    workspaceId = (
      await insertTeam(app.database.db, owner.userId, [
        { userId: admin.userId, role: "admin" },
        { userId: member.userId, role: "member" },
      ])
    ).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (cookie: string) =>
    app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/conventions`,
      headers: { cookie },
    });
  const put = (cookie: string, payload: unknown) =>
    app.server.inject({
      method: "PUT",
      url: `/api/workspaces/${workspaceId}/conventions`,
      headers: { cookie },
      payload: payload as object,
    });

  it("has none until saved, then every member reads what the admin saved", async () => {
    const before = await get(member.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ conventions: {}, updatedAt: null });

    const saved = await put(admin.cookie, {
      medium: { allowed: ["cpc", "email", "cpc"], pattern: "" },
      campaign: { pattern: "  ^[a-z0-9_]+$ " },
      term: { allowed: [], pattern: "" },
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      medium: { allowed: ["cpc", "email"] },
      campaign: { pattern: "^[a-z0-9_]+$" },
    };
    expect(saved.json().conventions).toEqual(expected);
    expect(saved.json().updatedAt).toEqual(expect.any(String));

    const read = await get(member.cookie);
    expect(read.json().conventions).toEqual(expected);
    const [row] = await app.database.db
      .select()
      .from(workspaceConventions)
      .where(eq(workspaceConventions.workspaceId, workspaceId));
    expect(row?.updatedByUserId).toBe(admin.userId);
  });

  it("refuses a pattern RE2 cannot compile with the parser's message, and keeps the old ones", async () => {
    await put(owner.cookie, { medium: { allowed: ["cpc"] } });
    const refused = await put(owner.cookie, {
      medium: { allowed: ["email"] },
      source: { pattern: "(?=google)google" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message:
        "Invalid regular expression for utm_source: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
      issues: [{ path: "source", message: expect.stringContaining("utm_source") }],
    });
    expect((await get(owner.cookie)).json().conventions).toEqual({ medium: { allowed: ["cpc"] } });
  });

  it.each([
    [{ medium: { allowed: ["cpc", " "] } }, "The allowed values for utm_medium cannot be empty"],
    [
      { campaign: { allowed: Array.from({ length: 201 }, (_, i) => `c${i}`) } },
      "utm_campaign can have at most 200 allowed values (201 given)",
    ],
    [
      { term: { pattern: "a".repeat(501) } },
      "The pattern for utm_term must be at most 500 characters",
    ],
    [{ medium: { allowed: "cpc" } }, "Allowed values must be a list"],
    [{ channel: { allowed: ["cpc"] } }, 'Unrecognized key: "channel"'],
  ])("refuses %j", async (payload, message) => {
    const response = await put(owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
    expect(response.json().error.message).toBe(message);
  });

  it("lets a member read but not change them, and hides them from outsiders", async () => {
    const forbidden = await put(member.cookie, { medium: { allowed: ["cpc"] } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(
      "Only the workspace owner or an admin can change the naming conventions",
    );
    expect((await get(outsider.cookie)).statusCode).toBe(404);
    expect((await put(outsider.cookie, { medium: { allowed: ["cpc"] } })).statusCode).toBe(404);
  });
});
