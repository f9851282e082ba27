import { createHash } from "node:crypto";
import { MAX_ACTIVE_API_KEYS } from "@utmost/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, workspaceUsers } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, newUser, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

/** Issue 10: workspace API keys are made, listed and revoked by owners and admins (ADR 012). */
describe.each(testDatabaseKinds())("workspace API keys on %s", (kind) => {
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
    await setPlan(app.database.db, owner.userId, "advanced");
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

  const create = (cookie: string, name: unknown, workspace = workspaceId) =>
    app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspace}/api-keys`,
      headers: { cookie },
      payload: { name },
    });
  const list = (cookie: string) =>
    app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/api-keys`,
      headers: { cookie },
    });

  it("shows a new key once and keeps only its SHA-256 and prefix", async () => {
    const response = await create(owner.cookie, "  Looker Studio sync  ");
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { apiKey, key } = response.json();
    expect(key).toMatch(/^utm_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: "Looker Studio sync",
      keyPrefix: key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row?.createdByUserId).toBe(owner.userId);
    // The key itself is in no column of any key row.
    const stored = (await app.database.db.execute(
      sql`select count(*)::int as n from api_keys where row_to_json(api_keys)::text like ${`%${key.slice(12)}%`}`,
    )) as { rows: { n: number }[] };
    expect(stored.rows[0]?.n).toBe(0);

    const listed = await list(admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().apiKeys).toEqual([expect.objectContaining({ id: apiKey.id })]);
    expect(listed.body).not.toContain(key.slice(12));
    expect(listed.body).not.toContain(row?.keyHash);
  });

  it("validates the name", async () => {
    for (const name of ["", "   ", "x".repeat(61), undefined]) {
      const response = await create(owner.cookie, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect((await create(owner.cookie, "x".repeat(61))).json().error.message).toBe(
      "Key name must be at most 60 characters",
    );
  });

  it("lets only owners and admins see and manage keys; others' workspaces are 404", async () => {
    expect((await create(admin.cookie, "Admin key")).statusCode).toBe(201);
    const refused = await create(member.cookie, "Member key");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the workspace owner or an admin can manage API keys",
    );
    expect((await list(member.cookie)).statusCode).toBe(403);
    expect((await list(outsider.cookie)).statusCode).toBe(404);
    expect((await create(outsider.cookie, "Outsider key")).statusCode).toBe(404);

    const { apiKey } = (await create(owner.cookie, "To revoke")).json();
    for (const [cookie, status] of [
      [outsider.cookie, 404],
      [member.cookie, 403],
    ] as const) {
      const response = await app.server.inject({
        method: "DELETE",
        url: `/api/api-keys/${apiKey.id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(status);
    }
    const revoked = await app.server.inject({
      method: "DELETE",
      url: `/api/api-keys/${apiKey.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    const shown = (await list(owner.cookie))
      .json()
      .apiKeys.find((key: { id: string }) => key.id === apiKey.id);
    expect(shown.revokedAt).toEqual(expect.any(String));
    const unknown = await app.server.inject({
      method: "DELETE",
      url: "/api/api-keys/00000000-0000-4000-8000-000000000000",
      headers: { cookie: owner.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("API key not found");
  });

  it("needs a plan with API access, naming the Team plan", async () => {
    const personal = await signUp(app);
    const workspaces = await app.server.inject({
      method: "GET",
      url: "/api/workspaces",
      headers: { cookie: personal.cookie },
    });
    const personalWorkspaceId = workspaces.json().workspaces[0].id;
    const response = await create(personal.cookie, "Free key", personalWorkspaceId);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "API access is part of the Team plan and above. Upgrade to use API keys.",
    });
  });

  it(`allows at most ${MAX_ACTIVE_API_KEYS} active keys; revoking one frees a place`, async () => {
    const team = await insertTeam(app.database.db, owner.userId);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) {
      const response = await create(owner.cookie, `Key ${i}`, team.id);
      expect(response.statusCode).toBe(201);
      ids.push(response.json().apiKey.id);
    }
    const over = await create(owner.cookie, "One too many", team.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("API_KEY_LIMIT_REACHED");
    await app.server.inject({
      method: "DELETE",
      url: `/api/api-keys/${ids[0]}`,
      headers: { cookie: owner.cookie },
    });
    expect((await create(owner.cookie, "Replacement", team.id)).statusCode).toBe(201);
  });

  it("revokes a creator's keys when they are removed or demoted, and says so in the list", async () => {
    const alan = await signUp(app, newUser({ fullName: "Alan Admin" }));
    const bea = await signUp(app, newUser({ fullName: "Bea Admin" }));
    const cy = await signUp(app, newUser({ fullName: "Cy Admin" }));
    const team = await insertTeam(app.database.db, owner.userId, [
      { userId: alan.userId, role: "admin" },
      { userId: bea.userId, role: "admin" },
      { userId: cy.userId, role: "admin" },
    ]);
    const keyOf = async (cookie: string, name: string) => {
      const response = await create(cookie, name, team.id);
      expect(response.statusCode).toBe(201);
      return response.json() as { apiKey: { id: string }; key: string };
    };
    const [alanKey, beaKey, cyKey, ownerKey] = [
      await keyOf(alan.cookie, "Alan's sync"),
      await keyOf(bea.cookie, "Bea's sync"),
      await keyOf(cy.cookie, "Cy's sync"),
      await keyOf(owner.cookie, "Owner's sync"),
    ];
    const callWith = (key: string) =>
      app.server.inject({
        method: "GET",
        url: "/api/v1/properties",
        headers: { authorization: `Bearer ${key}` },
      });
    for (const { key } of [alanKey, beaKey, cyKey, ownerKey]) {
      expect((await callWith(key)).statusCode).toBe(200);
    }

    const removed = await app.server.inject({
      method: "DELETE",
      url: `/api/workspaces/${team.id}/members/${alan.userId}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const demoted = await app.server.inject({
      method: "PATCH",
      url: `/api/workspaces/${team.id}/members/${bea.userId}`,
      headers: { cookie: owner.cookie },
      payload: { role: "member" },
    });
    expect(demoted.statusCode).toBe(200);

    const refused = await callWith(alanKey.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe("This API key has been revoked.");
    expect((await callWith(beaKey.key)).statusCode).toBe(401);
    expect((await callWith(ownerKey.key)).statusCode).toBe(200);

    const listed = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${team.id}/api-keys`,
      headers: { cookie: owner.cookie },
    });
    const byId = new Map(
      (
        listed.json().apiKeys as {
          id: string;
          revokedAt: string | null;
          revokedNote: string | null;
        }[]
      ).map((key) => [key.id, key]),
    );
    expect(byId.get(alanKey.apiKey.id)).toMatchObject({
      revokedAt: expect.any(String),
      revokedNote: "Revoked: Alan Admin left the workspace",
    });
    expect(byId.get(beaKey.apiKey.id)).toMatchObject({
      revokedAt: expect.any(String),
      revokedNote: "Revoked: Bea Admin's role changed",
    });
    expect(byId.get(ownerKey.apiKey.id)).toMatchObject({ revokedAt: null, revokedNote: null });

    // A role changed behind the service's back (by hand in the database): the key still stops.
    await app.database.db
      .update(workspaceUsers)
      .set({ workspaceRole: "member" })
      .where(and(eq(workspaceUsers.workspaceId, team.id), eq(workspaceUsers.userId, cy.userId)));
    const stale = await callWith(cyKey.key);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toMatch(/can no longer make keys in this workspace/);
  });
});
