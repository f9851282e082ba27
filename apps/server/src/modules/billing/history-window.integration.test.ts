import { HistoryWindowResponseSchema, type SubscriptionTier } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions, utmIssues } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, signUp, type TestApp } from "../../test/test-app.ts";
import { firstWorkspace } from "../google-connect/google-connect.testing.ts";
import {
  daysAgo,
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";

/**
 * Spec §9 Plans, ADR 023: each plan's error history. Scans, scan details, issues ("All time"
 * included), trends, both CSV exports and the public API stop at the owner's plan's window; the
 * latest completed scan is always shown; older data is kept and comes back on upgrade.
 */
describe.each(testDatabaseKinds())("history windows on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  /** A property with a scan, and an issue it found, at each age: 5, 40 and 120 days ago. */
  async function propertyWithHistory(tier: SubscriptionTier) {
    const user = await signUp(app);
    await setPlan(db(), user.userId, tier);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId });
    const ages = { recent: 5, old: 40, ancient: 120 } as const;
    const scans: Record<string, string> = {};
    const issues: Record<string, string> = {};
    for (const [label, age] of Object.entries(ages)) {
      const at = daysAgo(age);
      const scan = await insertScan(db(), {
        dataSourceId: property.id,
        createdAt: at,
        startedAt: at,
        completedAt: at,
      });
      const issue = await insertIssue(db(), {
        dataSourceId: property.id,
        title: label,
        firstDetectedAt: at,
        lastDetectedAt: at,
      });
      await insertOccurrence(db(), { issueId: issue.id, scanId: scan.id, detectedAt: at });
      scans[label] = scan.id;
      issues[label] = issue.id;
    }
    return { ...user, property, scans, issues };
  }

  type Fixture = Awaited<ReturnType<typeof propertyWithHistory>>;

  const get = (cookie: string, url: string) =>
    app.server.inject({ method: "GET", url, headers: { cookie } });

  /** The labels (recent, old, ancient) of the ids, sorted. */
  function labelsOf(ids: readonly string[], byLabel: Record<string, string>) {
    return Object.entries(byLabel)
      .filter(([, id]) => ids.includes(id))
      .map(([label]) => label)
      .sort();
  }

  /** CSV rows' titles (the sixth column), header left out. */
  function csvTitles(body: string) {
    return body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((record) => record.split(",")[5] ?? "")
      .sort();
  }

  /** What each read path of the app shows, by label. */
  async function whatTheAppShows(fixture: Fixture) {
    const { cookie, property, scans } = fixture;
    const list = await get(cookie, `/api/data-sources/${property.id}/scans?limit=100`);
    expect(list.statusCode).toBe(200);
    const details: string[] = [];
    for (const [label, id] of Object.entries(scans)) {
      const detail = await get(cookie, `/api/scans/${id}`);
      if (detail.statusCode === 200) details.push(label);
      else {
        expect(detail.statusCode).toBe(403);
        expect(detail.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
      }
    }
    const issueTitles = async (query: string) => {
      const response = await get(cookie, `/api/data-sources/${property.id}/issues${query}`);
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .issues.map((issue: { title: string }) => issue.title)
        .sort();
    };
    const trends = await get(cookie, `/api/data-sources/${property.id}/trends`);
    expect(trends.statusCode).toBe(200);
    return {
      scans: labelsOf(
        list.json().scans.map((scan: { id: string }) => scan.id),
        scans,
      ),
      details: details.sort(),
      allTime: await issueTitles(""),
      last90Days: await issueTitles("?days=90"),
      trend: labelsOf(
        trends.json().points.map((point: { scanId: string }) => point.scanId),
        scans,
      ),
      changes: trends.json().changes === null ? "none" : "since previous",
    };
  }

  /** What both CSV exports hold, by label (plans that sell exports). */
  async function whatTheExportsHold(fixture: Fixture) {
    const { cookie, scans, issues } = fixture;
    const audit = await get(cookie, `/api/scans/${scans.recent}/export.csv`);
    expect(audit.statusCode).toBe(200);
    const issueFiles: string[] = [];
    for (const [label, id] of Object.entries(issues)) {
      const file = await get(cookie, `/api/issues/${id}/export.csv`);
      if (file.statusCode === 200) {
        // The one detection, made by the scan of the same age.
        expect(file.body).toContain(`,${scans[label]},`);
        issueFiles.push(label);
      } else {
        expect(file.statusCode).toBe(403);
        expect(file.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
      }
    }
    const oldAudit = await get(cookie, `/api/scans/${scans.old}/export.csv`);
    return {
      auditRows: csvTitles(audit.body),
      issueFiles: issueFiles.sort(),
      oldScanExport: oldAudit.statusCode,
    };
  }

  const WINDOWS: { tier: SubscriptionTier; shown: string[] }[] = [
    { tier: "free", shown: ["recent"] },
    { tier: "pro", shown: ["recent"] },
    { tier: "advanced", shown: ["old", "recent"] },
    { tier: "agency", shown: ["ancient", "old", "recent"] },
  ];

  it.each(WINDOWS)("shows $tier its window's scans and issues everywhere", async (window) => {
    const fixture = await propertyWithHistory(window.tier);
    const shown = await whatTheAppShows(fixture);
    expect(shown).toMatchObject({
      scans: window.shown,
      details: window.shown,
      allTime: window.shown,
      last90Days: window.shown.filter((label) => label !== "ancient"),
      trend: window.shown,
      changes: window.shown.length > 1 ? "since previous" : "none",
    });
    if (window.tier === "free") return;
    expect(await whatTheExportsHold(fixture)).toEqual({
      auditRows: window.shown,
      issueFiles: window.shown,
      oldScanExport: window.shown.includes("old") ? 200 : 403,
    });
  });

  it("keeps what is older and shows it again on upgrade, and hides it again on downgrade", async () => {
    const fixture = await propertyWithHistory("pro");
    expect((await whatTheAppShows(fixture)).scans).toEqual(["recent"]);
    const refused = await get(fixture.cookie, `/api/scans/${fixture.scans.old}`);
    expect(refused.json().error.message).toBe(
      "This scan is older than the 30 days of history the Pro plan keeps; the Team plan keeps 90 days of history. Upgrade to see older scans.",
    );

    await setPlan(db(), fixture.userId, "agency");
    const all = ["ancient", "old", "recent"];
    expect(await whatTheAppShows(fixture)).toMatchObject({
      scans: all,
      details: all,
      allTime: all,
      trend: all,
    });
    expect((await whatTheExportsHold(fixture)).auditRows).toEqual(all);

    await setPlan(db(), fixture.userId, "pro");
    expect(await whatTheAppShows(fixture)).toMatchObject({
      scans: ["recent"],
      allTime: ["recent"],
      trend: ["recent"],
    });
  });

  it("refuses to change an issue beyond the window, as it refuses to show it", async () => {
    const fixture = await propertyWithHistory("pro");
    const act = (action: string, label: string) =>
      app.server.inject({
        method: "POST",
        url: `/api/issues/${fixture.issues[label]}/${action}`,
        headers: { cookie: fixture.cookie },
        payload: action === "mute" ? { reason: "Seasonal campaign" } : undefined,
      });

    for (const action of ["mute", "resolve", "unmute", "reopen"]) {
      const refused = await act(action, "old");
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json().error).toEqual({
        code: "PLAN_UPGRADE_REQUIRED",
        message:
          "This issue's last detection is older than the 30 days of history the Pro plan keeps; the Team plan keeps 90 days of history. Upgrade to see older scans.",
      });
    }
    const [old] = await db()
      .select({ status: utmIssues.status })
      .from(utmIssues)
      .where(eq(utmIssues.id, fixture.issues.old ?? ""));
    expect(old?.status).toBe("active");

    // Within the window it changes as always; an upgrade brings the older one in reach.
    expect((await act("mute", "recent")).statusCode).toBe(200);
    await setPlan(db(), fixture.userId, "agency");
    expect((await act("resolve", "old")).json().issue).toMatchObject({ status: "resolved" });
  });

  it("keeps the paid plan's window through a failed payment's 7 days, then Free's", async () => {
    const fixture = await propertyWithHistory("agency");
    const failPayment = (days: number) =>
      db()
        .update(subscriptions)
        .set({ status: "on_hold", paymentFailedAt: daysAgo(days) })
        .where(eq(subscriptions.userId, fixture.userId));

    await failPayment(6);
    expect((await whatTheAppShows(fixture)).scans).toEqual(["ancient", "old", "recent"]);
    await failPayment(8);
    expect((await whatTheAppShows(fixture)).scans).toEqual(["recent"]);
  });

  it("always shows the latest completed scan and what it found, however old", async () => {
    const user = await signUp(app);
    await setPlan(db(), user.userId, "pro");
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId });
    const before = await insertScan(db(), {
      dataSourceId: property.id,
      createdAt: daysAgo(50),
      completedAt: daysAgo(50),
    });
    const latest = await insertScan(db(), {
      dataSourceId: property.id,
      createdAt: daysAgo(45),
      completedAt: daysAgo(45),
    });
    const issue = await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Still there",
      lastDetectedAt: daysAgo(45),
    });
    await insertOccurrence(db(), { issueId: issue.id, scanId: latest.id, detectedAt: daysAgo(45) });

    const scans = await get(user.cookie, `/api/data-sources/${property.id}/scans`);
    expect(scans.json().scans.map((scan: { id: string }) => scan.id)).toEqual([latest.id]);
    expect((await get(user.cookie, `/api/scans/${latest.id}`)).statusCode).toBe(200);
    expect((await get(user.cookie, `/api/scans/${before.id}`)).statusCode).toBe(403);
    const issues = await get(user.cookie, `/api/data-sources/${property.id}/issues`);
    expect(issues.json().issues.map((row: { id: string }) => row.id)).toEqual([issue.id]);
    const trends = await get(user.cookie, `/api/data-sources/${property.id}/trends`);
    expect(trends.json().points.map((point: { scanId: string }) => point.scanId)).toEqual([
      latest.id,
    ]);
    const file = await get(user.cookie, `/api/issues/${issue.id}/export.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`,${latest.id},`);
  });

  it("tells the health report the plan's window and whether older scans are hidden", async () => {
    const pro = await propertyWithHistory("pro");
    const before = Date.now();
    const response = await get(pro.cookie, `/api/data-sources/${pro.property.id}/history-window`);
    expect(response.statusCode).toBe(200);
    const { history } = HistoryWindowResponseSchema.parse(response.json());
    expect(history).toMatchObject({ tier: "pro", days: 30, olderHidden: true });
    const startsAt = Date.parse(history.startsAt ?? "");
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect(startsAt).toBeGreaterThanOrEqual(before - thirtyDays - 1000);
    expect(startsAt).toBeLessThanOrEqual(Date.now() - thirtyDays);

    await setPlan(db(), pro.userId, "agency");
    const agency = await get(pro.cookie, `/api/data-sources/${pro.property.id}/history-window`);
    expect(agency.json()).toEqual({
      history: { tier: "agency", days: null, startsAt: null, olderHidden: false },
    });

    const fresh = await signUp(app);
    const workspaceId = await firstWorkspace(app, fresh.cookie);
    const empty = await insertDataSource(db(), { workspaceId });
    const nothing = await get(fresh.cookie, `/api/data-sources/${empty.id}/history-window`);
    expect(nothing.json().history).toMatchObject({ tier: "free", days: 7, olderHidden: false });

    const outsider = await signUp(app);
    const hidden = await get(
      outsider.cookie,
      `/api/data-sources/${pro.property.id}/history-window`,
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe("NOT_FOUND");
  });

  it("holds the public API to the window: Team sees 90 days, Agency everything", async () => {
    const team = await propertyWithHistory("advanced");
    const created = await app.server.inject({
      method: "POST",
      url: `/api/workspaces/${team.property.workspaceId}/api-keys`,
      headers: { cookie: team.cookie },
      payload: { name: "Reporting" },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json().key as string;
    const call = (url: string) =>
      app.server.inject({ method: "GET", url, headers: { authorization: `Bearer ${key}` } });
    async function shown() {
      const scans = await call(`/api/v1/properties/${team.property.id}/scans?limit=100`);
      const issues = await call(`/api/v1/properties/${team.property.id}/issues`);
      const ancient = await call(`/api/v1/scans/${team.scans.ancient}`);
      return {
        scans: labelsOf(
          scans.json().scans.map((scan: { id: string }) => scan.id),
          team.scans,
        ),
        issues: labelsOf(
          issues.json().issues.map((issue: { id: string }) => issue.id),
          team.issues,
        ),
        total: issues.json().total,
        ancientScan: ancient.statusCode,
      };
    }
    expect(await shown()).toEqual({
      scans: ["old", "recent"],
      issues: ["old", "recent"],
      total: 2,
      ancientScan: 403,
    });
    await setPlan(db(), team.userId, "agency");
    expect(await shown()).toEqual({
      scans: ["ancient", "old", "recent"],
      issues: ["ancient", "old", "recent"],
      total: 3,
      ancientScan: 200,
    });
  });
});
