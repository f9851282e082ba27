import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { userRoles } from "../db/schema.ts";
import { insertUser } from "../modules/workspaces/workspaces.testing.ts";

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "admin-grant.ts");

/** The command as an operator runs it, on an embedded database in a data directory of its own. */
describe("the admin:grant command", () => {
  let dataDir: string;
  let email: string;
  let userId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "utmost-admin-grant-"));
    const database = await openDatabase({ kind: "pglite", dataDir });
    const user = await insertUser(database.db, { email: `Operator-${Date.now()}@Example.com` });
    email = user.email;
    userId = user.id;
    await database.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function adminGrant(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function roles() {
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      return await database.db.select().from(userRoles).where(eq(userRoles.userId, userId));
    } finally {
      await database.close();
    }
  }

  it("refuses a missing email and an unknown one, and grants by email in any case", async () => {
    const missing = await adminGrant();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Missing the user's email.");

    const unknown = await adminGrant("ghost@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user has the email ghost@example.com.");

    const granted = await adminGrant(email.toUpperCase());
    expect(granted).toMatchObject({
      code: 0,
      stdout: `${email} is now a system administrator.\n`,
    });
    expect(await roles()).toEqual([expect.objectContaining({ userId, role: "admin" })]);

    const revoked = await adminGrant(email, "--revoke");
    expect(revoked).toMatchObject({
      code: 0,
      stdout: `${email} is no longer a system administrator.\n`,
    });
    expect(await roles()).toEqual([]);
  }, 120_000);
});
