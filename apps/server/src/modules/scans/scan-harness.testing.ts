import type { ScanDetail } from "@utmost/contracts";
import type { ProfileKey } from "@utmost/google-emulator/synthetic";
import { expect } from "vitest";
import { type QueueTestApp, signUp } from "../../test/test-app.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { connectEmulatorProperty } from "./scans.testing.ts";

/**
 * Scans driven through the API against a Google stand-in, for the tests that run them end to
 * end: an owner with a property connected through the stand-in's consent, Run Audit, and
 * polling a scan until it settles. `current` is read on each call (the app and stand-in start in
 * `beforeAll`).
 */
export function scanTestHarness(
  current: () => { app: QueueTestApp; emulatorUrl: string },
  options: { now: () => Date; timeoutMs: number },
) {
  async function newOwner() {
    const { app } = current();
    const user = await signUp(app);
    const workspace = await createWithOwner(app.database.db, {
      name: "Audits",
      type: "team",
      ownerId: user.userId,
    });
    return { ...user, workspaceId: workspace.id };
  }

  async function connect(profileKey: ProfileKey, email?: string) {
    const { app, emulatorUrl } = current();
    const owner = await newOwner();
    const dataSource = await connectEmulatorProperty({
      db: app.database.db,
      config: app.config,
      emulatorUrl,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      profileKey,
      email,
      now: options.now,
    });
    return { owner, dataSource };
  }

  function startAudit(cookie: string, dataSourceId: string, payload?: object) {
    return current().app.server.inject({
      method: "POST",
      url: `/api/data-sources/${dataSourceId}/audits`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  }

  async function tryReadScan(cookie: string, scanId: string) {
    const response = await current().app.server.inject({
      method: "GET",
      url: `/api/scans/${scanId}`,
      headers: { cookie },
    });
    return {
      response,
      scan: response.statusCode === 200 ? (response.json().scan as ScanDetail) : null,
    };
  }

  async function readScan(cookie: string, scanId: string): Promise<ScanDetail> {
    const { response, scan } = await tryReadScan(cookie, scanId);
    expect(response.statusCode, response.body).toBe(200);
    return scan as ScanDetail;
  }

  /** Polls until `until` holds; a read that fails meanwhile (a database outage) is retried. */
  async function waitForScan(
    cookie: string,
    scanId: string,
    until: (scan: ScanDetail) => boolean = (scan) => scan.status !== "running",
  ): Promise<ScanDetail> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const { scan } = await tryReadScan(cookie, scanId).catch(() => ({ scan: null }));
      if (scan && until(scan)) return scan;
      if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${scan?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function auditToEnd(cookie: string, dataSourceId: string): Promise<ScanDetail> {
    const started = await startAudit(cookie, dataSourceId);
    expect(started.statusCode, started.body).toBe(202);
    return waitForScan(cookie, started.json().scan.id);
  }

  return { newOwner, connect, startAudit, readScan, waitForScan, auditToEnd };
}
