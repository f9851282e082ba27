import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { SubscriptionTier } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScans, reportExports } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { dataUrl, tinyPng } from "../branding/branding.testing.ts";
import { firstWorkspace } from "../google-connect/google-connect.testing.ts";
import {
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { reportEnqueuer } from "./generate-report.job.ts";
import { GENERIC_FAILURE_MESSAGE, generateReport } from "./reports.service.ts";

const run = promisify(execFile);

describe.each(testDatabaseKinds())("PDF reports on %s", (kind) => {
  let app: QueueTestApp;
  let dir: string;
  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" }, { worker: {} });
    dir = await mkdtemp(join(tmpdir(), "reports-"));
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const db = () => app.database.db;
  const silentLogger = () => app.server.log;

  /** A property with two completed audits (scores 64 then 71) and issues found by the latest. */
  async function propertyOfNewUser(tier: SubscriptionTier = "agency") {
    const user = await signUp(app);
    await setPlan(db(), user.userId, tier);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId, name: "Contoso Store" });
    await insertScan(db(), {
      dataSourceId: property.id,
      healthScore: 64,
      healthGrade: "C",
      completedAt: new Date(Date.now() - 7 * 86_400_000),
    });
    const scan = await insertScan(db(), {
      dataSourceId: property.id,
      healthScore: 71,
      healthGrade: "B",
      dateRangeStart: "2026-08-24",
      dateRangeEnd: "2026-11-21",
    });
    const issue = await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Paid traffic lands in Unassigned",
      severity: "critical",
    });
    await insertOccurrence(db(), {
      issueId: issue.id,
      scanId: scan.id,
      affectedSessionsCount: 900,
    });
    return { ...user, workspaceId, property, scan };
  }

  function call(cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
    return app.server.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  async function settled(cookie: string, reportId: string) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await call(cookie, "GET", `/api/reports/${reportId}`);
      expect(response.statusCode).toBe(200);
      const { report } = response.json();
      if (report.status !== "pending") return report;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("the report stayed pending");
  }

  it("makes an Agency workspace's branded report and hands it over as a PDF", async () => {
    const owner = await propertyOfNewUser();
    const branding = `/api/workspaces/${owner.workspaceId}/branding`;
    await call(owner.cookie, "PUT", branding, {
      displayName: "Northwind Digital",
      brandColor: "#0f766e",
    });
    await call(owner.cookie, "PUT", `${branding}/logo`, { dataUrl: dataUrl(tinyPng()) });

    const created = await call(
      owner.cookie,
      "POST",
      `/api/data-sources/${owner.property.id}/reports`,
    );
    expect(created.statusCode).toBe(202);
    const { report } = created.json();
    expect(report).toMatchObject({
      dataSourceId: owner.property.id,
      scanId: owner.scan.id,
      status: "pending",
      fileName: null,
      downloadUrl: `/api/reports/${report.id}/download`,
    });

    const ready = await settled(owner.cookie, report.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(ready).toMatchObject({
      status: "ready",
      fileName: `northwind-digital-contoso-store-${today}.pdf`,
      sizeBytes: expect.any(Number),
      errorMessage: null,
      completedAt: expect.any(String),
    });

    const file = await call(owner.cookie, "GET", ready.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="northwind-digital-contoso-store-${today}.pdf"`,
    );
    expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(file.rawPayload.length).toBe(ready.sizeBytes);

    const path = join(dir, `${kind}-report.pdf`);
    await writeFile(path, file.rawPayload);
    const { stdout: text } = await run("/usr/bin/pdftotext", [path, "-"]);
    expect(text).toContain("Northwind Digital");
    expect(text).toContain("Contoso Store");
    expect(text).toContain("Paid traffic lands in Unassigned");
    expect(text).toContain("+7 points");
    expect(text.toLowerCase()).not.toContain("utmost");

    const list = await call(owner.cookie, "GET", `/api/data-sources/${owner.property.id}/reports`);
    expect(list.statusCode).toBe(200);
    expect(list.json().reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
  });

  it("names the workspace when no branding was saved", async () => {
    const owner = await propertyOfNewUser();
    const created = await call(
      owner.cookie,
      "POST",
      `/api/data-sources/${owner.property.id}/reports`,
    );
    const ready = await settled(owner.cookie, created.json().report.id);
    expect(ready.fileName).toMatch(/^test-s-workspace-contoso-store-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it("is the Agency plan's: other plans get PLAN_UPGRADE_REQUIRED", async () => {
    const owner = await propertyOfNewUser("advanced");
    const response = await call(
      owner.cookie,
      "POST",
      `/api/data-sources/${owner.property.id}/reports`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message: expect.stringContaining("Agency plan"),
    });
    const [row] = await db()
      .select()
      .from(reportExports)
      .where(eq(reportExports.dataSourceId, owner.property.id));
    expect(row).toBeUndefined();
  });

  it("needs a completed audit", async () => {
    const user = await signUp(app);
    await setPlan(db(), user.userId, "agency");
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId });
    await insertScan(db(), { dataSourceId: property.id, status: "failed", healthScore: null });
    const response = await call(user.cookie, "POST", `/api/data-sources/${property.id}/reports`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "CONFLICT",
      message: "This property has no completed audit yet. Run an audit, then generate the report.",
    });
  });

  it("answers 409 for a download before the report is ready", async () => {
    const owner = await propertyOfNewUser();
    const [row] = await db()
      .insert(reportExports)
      .values({ dataSourceId: owner.property.id, scanId: owner.scan.id })
      .returning();
    if (!row) throw new Error("report insert returned no row");
    const response = await call(owner.cookie, "GET", `/api/reports/${row.id}/download`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/still being generated/);
  });

  it("shows another workspace's reports to nobody", async () => {
    const owner = await propertyOfNewUser();
    const outsider = await signUp(app);
    await setPlan(db(), outsider.userId, "agency");
    const created = await call(
      owner.cookie,
      "POST",
      `/api/data-sources/${owner.property.id}/reports`,
    );
    const { id } = created.json().report;
    await settled(owner.cookie, id);
    for (const [method, url] of [
      ["POST", `/api/data-sources/${owner.property.id}/reports`],
      ["GET", `/api/data-sources/${owner.property.id}/reports`],
      ["GET", `/api/reports/${id}`],
      ["GET", `/api/reports/${id}/download`],
    ] as const) {
      const response = await call(outsider.cookie, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("marks a report failed, with a message, when its audit is gone by the time it runs", async () => {
    const owner = await propertyOfNewUser();
    const [row] = await db()
      .insert(reportExports)
      .values({ dataSourceId: owner.property.id, scanId: owner.scan.id })
      .returning();
    if (!row) throw new Error("report insert returned no row");
    await db().delete(auditScans).where(eq(auditScans.id, owner.scan.id));
    await db().transaction((tx) => reportEnqueuer(app.jobs)(tx, row.id));

    const failed = await settled(owner.cookie, row.id);
    expect(failed).toMatchObject({
      status: "failed",
      errorMessage: "The audit this report shows was deleted. Generate a new report.",
      fileName: null,
    });
    const download = await call(owner.cookie, "GET", `/api/reports/${row.id}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toMatch(/could not be generated/);
  });

  it("retries a crash, fails the report on the last attempt, and never redoes a settled one", async () => {
    const owner = await propertyOfNewUser();
    const [row] = await db()
      .insert(reportExports)
      .values({ dataSourceId: owner.property.id, scanId: owner.scan.id })
      .returning();
    if (!row) throw new Error("report insert returned no row");
    const broken = {
      db: db(),
      logger: silentLogger(),
      now: () => new Date(),
      render: async () => {
        throw new Error("renderer crashed");
      },
    };
    await expect(generateReport(broken, row.id, { finalAttempt: false })).rejects.toThrow(
      "renderer crashed",
    );
    const [pending] = await db().select().from(reportExports).where(eq(reportExports.id, row.id));
    expect(pending?.status).toBe("pending");

    await generateReport(broken, row.id, { finalAttempt: true });
    const [failed] = await db().select().from(reportExports).where(eq(reportExports.id, row.id));
    expect(failed).toMatchObject({ status: "failed", errorMessage: GENERIC_FAILURE_MESSAGE });

    // A redelivered job for a settled report changes nothing.
    await generateReport({ ...broken, render: undefined }, row.id, { finalAttempt: true });
    const [after] = await db().select().from(reportExports).where(eq(reportExports.id, row.id));
    expect(after).toEqual(failed);
  });

  it("leaves a ready report as it is when its job comes again", async () => {
    const owner = await propertyOfNewUser();
    const created = await call(
      owner.cookie,
      "POST",
      `/api/data-sources/${owner.property.id}/reports`,
    );
    const { id } = created.json().report;
    await settled(owner.cookie, id);
    const [before] = await db().select().from(reportExports).where(eq(reportExports.id, id));
    await generateReport(
      { db: db(), logger: silentLogger(), now: () => new Date(Date.now() + 86_400_000) },
      id,
      { finalAttempt: false },
    );
    const [after] = await db().select().from(reportExports).where(eq(reportExports.id, id));
    expect(after).toEqual(before);
  });
});
