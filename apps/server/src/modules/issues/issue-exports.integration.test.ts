import type { SubscriptionTier } from "@utmost/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utmIssues } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  createConnectTestApp,
  firstWorkspace,
} from "../google-connect/google-connect.testing.ts";
import { addMember } from "../workspaces/workspaces.testing.ts";
import {
  daysAgo,
  GUIDE,
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "./issues.testing.ts";

const BOM = "\uFEFF";
const TODAY = () => new Date().toISOString().slice(0, 10);

const AUDIT_HEADER =
  "Severity,Status,Counted,Re-opened,Type,Title,Description,Affected Sessions,Values," +
  "First Detected,Last Detected," +
  "Why It Matters,How To Fix,Example (Wrong),Example (Correct),GA4 Documentation";
const ISSUE_HEADER =
  "Detected At,Scan ID,Scan Completed At,Health Score,Health Grade,Affected Sessions,Values," +
  "Issue,Type,Severity,Status,Why It Matters,How To Fix,Example (Wrong),Example (Correct)," +
  "GA4 Documentation";

describe.each(testDatabaseKinds())("CSV exports on %s", (kind) => {
  let app: ConnectTestApp;
  beforeAll(async () => {
    app = await createConnectTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  /** A property in the first workspace of a new user on `tier`: Pro sells CSV exports. */
  async function propertyOfNewUser(
    name = "Northwind Outfitters - GA4",
    tier: SubscriptionTier = "pro",
  ) {
    const user = await signUp(app);
    await setPlan(db(), user.userId, tier);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId, name });
    const scan = await insertScan(db(), { dataSourceId: property.id });
    return { ...user, property, scan };
  }

  function download(cookie: string, url: string) {
    return app.server.inject({ method: "GET", url, headers: { cookie } });
  }

  /** The body as bytes decoded, byte order mark kept. */
  const bodyOf = (response: { rawPayload: Buffer }) => response.rawPayload.toString("utf8");
  const records = (body: string) => body.slice(BOM.length).split("\r\n").slice(0, -1);

  it("exports the property's issues as an attachment, BOM and header first", async () => {
    const { cookie, property, scan } = await propertyOfNewUser("Café Nord, EU");
    const counted = await insertIssue(db(), {
      dataSourceId: property.id,
      severity: "critical",
      title: 'Campaign "Spring, 2026"',
      description: "First line\nsecond line",
      values: ["=cmd|' /C calc'!A0", "@SUM(1+1)", "-1", "+1", "\tpadded"],
      affectedSessionsCount: 4200,
      firstDetectedAt: new Date("2026-03-01T08:00:00.000Z"),
      lastDetectedAt: daysAgo(1),
      // Found by the property's latest audit, and back after a resolve: counted, re-opened.
      lastScanId: scan.id,
      reopenedAt: daysAgo(1),
    });
    await insertOccurrence(db(), { issueId: counted.id, scanId: scan.id });
    // Not found by the latest audit: listed, not counted.
    await insertIssue(db(), { dataSourceId: property.id, severity: "info", title: "Plain" });
    await insertIssue(db(), { dataSourceId: property.id, status: "muted", title: "Hidden" });

    const response = await download(cookie, `/api/scans/${scan.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="utmost-cafe-nord-eu-audit-${TODAY()}.csv"`,
    );
    const body = bodyOf(response);
    expect(body.startsWith(BOM)).toBe(true);
    expect(body.slice(BOM.length).split("\r\n")[0]).toBe(AUDIT_HEADER);
    expect(body).not.toContain("Hidden");

    // The quoted description holds a bare LF; records end in CRLF.
    const [, critical, info] = records(body);
    expect(critical).toContain(
      'critical,active,yes,yes,case-inconsistency,"Campaign ""Spring, 2026""",',
    );
    expect(critical).toContain('"First line\nsecond line",4200,');
    // One cell with every value, neutralised as a whole since it starts with "=".
    expect(critical).toContain(`,'=cmd|' /C calc'!A0; @SUM(1+1); -1; +1; \tpadded,`);
    expect(critical).toContain("2026-03-01T08:00:00.000Z");
    expect(critical).toContain(`${GUIDE.why_it_matters},${GUIDE.how_to_fix}`);
    expect(info?.startsWith("info,active,no,no,case-inconsistency,Plain,")).toBe(true);
  });

  it("neutralises a formula in any text cell", async () => {
    const { cookie, property, scan } = await propertyOfNewUser();
    await insertIssue(db(), {
      dataSourceId: property.id,
      title: '=HYPERLINK("http://evil.test","click")',
      description: "+SUM(A1:A9)",
      values: ["@evil"],
    });
    const body = bodyOf(await download(cookie, `/api/scans/${scan.id}/export.csv`));
    const [, row] = records(body);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")",'+SUM(A1:A9),120,'@evil,`);
  });

  it("keeps to the date range on last detection", async () => {
    // Agency keeps every scan, so only the date range decides (history windows: ADR 023).
    const { cookie, property, scan } = await propertyOfNewUser(undefined, "agency");
    await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Week",
      lastDetectedAt: daysAgo(3),
    });
    await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Quarter",
      lastDetectedAt: daysAgo(60),
    });
    const titles = async (query: string) =>
      records(bodyOf(await download(cookie, `/api/scans/${scan.id}/export.csv${query}`)))
        .slice(1)
        .map((record) => record.split(",")[5])
        .sort();
    expect(await titles("?days=7")).toEqual(["Week"]);
    expect(await titles("?days=30")).toEqual(["Week"]);
    expect(await titles("?days=90")).toEqual(["Quarter", "Week"]);
    expect(await titles("")).toEqual(["Quarter", "Week"]);
    expect((await download(cookie, `/api/scans/${scan.id}/export.csv?days=5`)).statusCode).toBe(
      400,
    );
  });

  it("streams a large property in pages, every issue once and in list order", async () => {
    const { cookie, property, scan } = await propertyOfNewUser();
    // Ties of ten or so per severity and time, so page edges fall inside ties; every time has
    // microseconds, which a cursor kept as a JavaScript Date would round away and lose rows by.
    const severities = ["warning", "critical", "info"] as const;
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      dataSourceId: property.id,
      issueType: "case-inconsistency",
      findingKey: `bulk-${index}`,
      title: `Bulk ${String(index).padStart(4, "0")}`,
      description: "Bulk issue",
      severity: severities[index % 3] ?? "info",
      firstDetectedAt: sql`timestamptz '2026-01-01 00:00:00.000123+00' + make_interval(secs => ${index % 40})`,
      lastDetectedAt: daysAgo(1),
      resolutionGuide: GUIDE,
    }));
    await db().insert(utmIssues).values(rows);

    const response = await download(cookie, `/api/scans/${scan.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    const exported = records(bodyOf(response)).slice(1);
    expect(exported).toHaveLength(1203);
    const titles = exported.map((record) => record.split(",")[5]);
    expect(new Set(titles).size).toBe(1203);
    const order = { critical: 0, warning: 1, info: 2 } as const;
    const severityOf = (record: string) => record.split(",")[0] as keyof typeof order;
    const ranks = exported.map((record) => order[severityOf(record)]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Within a severity, newest first detection first.
    const firstDetected = exported.map((record) => Date.parse(record.split(",")[9] ?? ""));
    for (let index = 1; index < exported.length; index++) {
      if (ranks[index] === ranks[index - 1]) {
        expect(firstDetected[index]).toBeLessThanOrEqual(firstDetected[index - 1] ?? 0);
      }
    }
  });

  it("exports one issue's detections within the range, with its guide", async () => {
    const { cookie, property, scan } = await propertyOfNewUser("Larkspur Home", "agency");
    const older = await insertScan(db(), {
      dataSourceId: property.id,
      createdAt: daysAgo(40),
      completedAt: daysAgo(40),
      healthScore: 55,
      healthGrade: "C",
    });
    const issue = await insertIssue(db(), {
      dataSourceId: property.id,
      issueType: "missing-utm-source",
      title: "Missing source, on purpose",
    });
    await insertOccurrence(db(), {
      issueId: issue.id,
      scanId: scan.id,
      affectedSessionsCount: 310,
      values: ["newsletter", "=1+1"],
      detectedAt: daysAgo(1),
    });
    await insertOccurrence(db(), {
      issueId: issue.id,
      scanId: older.id,
      affectedSessionsCount: 95,
      values: ["newsletter"],
      detectedAt: daysAgo(40),
    });

    const all = await download(cookie, `/api/issues/${issue.id}/export.csv`);
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["content-disposition"]).toBe(
      `attachment; filename="utmost-larkspur-home-missing-utm-source-${TODAY()}.csv"`,
    );
    const body = bodyOf(all);
    expect(body.startsWith(BOM)).toBe(true);
    const [header, newest, oldest] = records(body);
    expect(header).toBe(ISSUE_HEADER);
    expect(newest).toContain(`,${scan.id},`);
    expect(newest).toContain(",72,B,310,newsletter; =1+1,");
    expect(newest).toContain(',"Missing source, on purpose",missing-utm-source,warning,active,');
    expect(newest).toContain(GUIDE.ga4_documentation_url);
    expect(oldest).toContain(`,${older.id},`);
    expect(oldest).toContain(",55,C,95,newsletter,");

    const recent = records(
      bodyOf(await download(cookie, `/api/issues/${issue.id}/export.csv?days=30`)),
    );
    expect(recent).toHaveLength(2);
    expect(recent[1]).toContain(scan.id);
  });

  it("answers 404 to a member of another workspace", async () => {
    const owner = await propertyOfNewUser();
    const stranger = await propertyOfNewUser();
    const issue = await insertIssue(db(), { dataSourceId: owner.property.id });
    for (const url of [
      `/api/issues/${issue.id}/export.csv`,
      `/api/scans/${owner.scan.id}/export.csv`,
    ]) {
      const response = await download(stranger.cookie, url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
  });

  it("refuses both exports on a plan without CSV exports, whatever the member's own plan", async () => {
    const owner = await propertyOfNewUser("Free Property", "free");
    const issue = await insertIssue(db(), { dataSourceId: owner.property.id });
    const payer = await signUp(app);
    await setPlan(db(), payer.userId, "agency");
    await addMember(db(), owner.property.workspaceId, payer.userId, "admin");
    for (const cookie of [owner.cookie, payer.cookie]) {
      for (const url of [
        `/api/issues/${issue.id}/export.csv`,
        `/api/scans/${owner.scan.id}/export.csv`,
      ]) {
        const response = await download(cookie, url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(response.json()).toEqual({
          error: {
            code: "PLAN_UPGRADE_REQUIRED",
            message: "CSV exports are part of the Pro plan and above. Upgrade to export.",
          },
        });
      }
    }
  });

  it("lets a Free member export from a workspace whose owner's plan has CSV exports", async () => {
    const owner = await propertyOfNewUser("Team Property", "advanced");
    const member = await signUp(app);
    await addMember(db(), owner.property.workspaceId, member.userId, "member");
    const response = await download(member.cookie, `/api/scans/${owner.scan.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  });
});
