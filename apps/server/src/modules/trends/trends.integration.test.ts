import { TREND_POINTS_MAX } from "@utmost/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScans } from "../../db/schema.ts";
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

describe.each(testDatabaseKinds())("trends on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  async function propertyOfNewUser() {
    const user = await signUp(app);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const property = await insertDataSource(db(), { workspaceId });
    return { ...user, property };
  }

  function trends(cookie: string, dataSourceId: string) {
    return app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSourceId}/trends`,
      headers: { cookie },
    });
  }

  /** A completed scan made `days` ago with `score`. */
  function scanAt(dataSourceId: string, days: number, score: number) {
    return insertScan(db(), {
      dataSourceId,
      healthScore: score,
      healthGrade: score >= 80 ? "A" : "C",
      criticalIssuesCount: 1,
      warningIssuesCount: 2,
      createdAt: daysAgo(days),
      completedAt: daysAgo(days),
    });
  }

  it("draws every completed scan in time order and says what changed since the previous", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const dataSourceId = property.id;
    const s1 = await scanAt(dataSourceId, 4, 55);
    const s2 = await scanAt(dataSourceId, 3, 60);
    const s3 = await scanAt(dataSourceId, 2, 70);
    const s4 = await scanAt(dataSourceId, 1, 82);
    // Neither a failed nor a running scan is a point, even when newer.
    await insertScan(db(), {
      dataSourceId,
      status: "failed",
      healthScore: null,
      createdAt: daysAgo(0.5),
    });
    await insertScan(db(), {
      dataSourceId,
      status: "running",
      healthScore: null,
      completedAt: null,
      createdAt: daysAgo(0.1),
    });

    const reopened = await insertIssue(db(), {
      dataSourceId,
      title: "Reopened",
      severity: "warning",
    });
    const unchanged = await insertIssue(db(), { dataSourceId, title: "Unchanged" });
    const added = await insertIssue(db(), { dataSourceId, title: "New", severity: "critical" });
    const fixedOnce = await insertIssue(db(), {
      dataSourceId,
      title: "Fixed once",
      severity: "info",
    });
    const fixedAgain = await insertIssue(db(), {
      dataSourceId,
      title: "Fixed again",
      severity: "critical",
    });
    const found: [issueId: string, scanId: string, sessions?: number][] = [
      [reopened.id, s1.id],
      [reopened.id, s2.id],
      [reopened.id, s4.id, 240],
      [unchanged.id, s3.id],
      [unchanged.id, s4.id],
      [added.id, s4.id, 310],
      [fixedOnce.id, s3.id, 12],
      [fixedAgain.id, s1.id],
      [fixedAgain.id, s3.id, 90],
    ];
    for (const [issueId, scanId, sessions = 100] of found) {
      await insertOccurrence(db(), { issueId, scanId, affectedSessionsCount: sessions });
    }

    const response = await trends(cookie, dataSourceId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.points).toEqual([
      {
        scanId: s1.id,
        completedAt: s1.completedAt?.toISOString(),
        healthScore: 55,
        healthGrade: "C",
        criticalIssuesCount: 1,
        warningIssuesCount: 2,
        issuesFound: 2,
      },
      expect.objectContaining({ scanId: s2.id, healthScore: 60, issuesFound: 1 }),
      expect.objectContaining({ scanId: s3.id, healthScore: 70, issuesFound: 3 }),
      expect.objectContaining({ scanId: s4.id, healthScore: 82, healthGrade: "A", issuesFound: 3 }),
    ]);
    expect(body.changes).toEqual({
      latestScanId: s4.id,
      previousScanId: s3.id,
      scoreChange: 12,
      newCount: 1,
      fixedCount: 2,
      reopenedCount: 1,
      new: [
        {
          issueId: added.id,
          title: "New",
          issueType: "case-inconsistency",
          severity: "critical",
          affectedSessionsCount: 310,
        },
      ],
      // Worst first, each with the sessions the previous scan counted.
      fixed: [
        expect.objectContaining({
          issueId: fixedAgain.id,
          severity: "critical",
          affectedSessionsCount: 90,
        }),
        expect.objectContaining({
          issueId: fixedOnce.id,
          severity: "info",
          affectedSessionsCount: 12,
        }),
      ],
      reopened: [
        expect.objectContaining({
          issueId: reopened.id,
          title: "Reopened",
          affectedSessionsCount: 240,
        }),
      ],
    });
  });

  it("has no changes with one completed scan, and nothing at all before the first", async () => {
    const { cookie, property } = await propertyOfNewUser();
    expect((await trends(cookie, property.id)).json()).toEqual({ points: [], changes: null });

    const only = await scanAt(property.id, 1, 64);
    const issue = await insertIssue(db(), { dataSourceId: property.id });
    await insertOccurrence(db(), { issueId: issue.id, scanId: only.id });
    const body = (await trends(cookie, property.id)).json();
    expect(body.changes).toBeNull();
    expect(body.points).toEqual([expect.objectContaining({ scanId: only.id, issuesFound: 1 })]);
  });

  it("counts a drop as a negative change and a scan with no issues fixes everything", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const before = await scanAt(property.id, 2, 90);
    await scanAt(property.id, 1, 75);
    const issue = await insertIssue(db(), { dataSourceId: property.id });
    await insertOccurrence(db(), { issueId: issue.id, scanId: before.id });
    const { changes } = (await trends(cookie, property.id)).json();
    expect(changes).toMatchObject({
      scoreChange: -15,
      newCount: 0,
      fixedCount: 1,
      reopenedCount: 0,
    });
    expect(changes.fixed).toEqual([expect.objectContaining({ issueId: issue.id })]);
  });

  it("counts as re-opened an issue resolved and found again by the latest scan", async () => {
    const { cookie, property } = await propertyOfNewUser();
    const previous = await scanAt(property.id, 2, 60);
    const latest = await scanAt(property.id, 1, 70);
    // Found by both scans, resolved in between: the latest scan re-opened it (issue 22).
    const back = await insertIssue(db(), {
      dataSourceId: property.id,
      title: "Came back",
      reopenedAt: daysAgo(1),
    });
    const steady = await insertIssue(db(), { dataSourceId: property.id, title: "Steady" });
    for (const issue of [back, steady]) {
      await insertOccurrence(db(), { issueId: issue.id, scanId: previous.id });
      await insertOccurrence(db(), { issueId: issue.id, scanId: latest.id });
    }

    const changes = (await trends(cookie, property.id)).json().changes;
    expect(changes.reopenedCount).toBe(1);
    expect(changes.reopened.map((issue: { title: string }) => issue.title)).toEqual(["Came back"]);
  });

  it(`keeps the most recent ${TREND_POINTS_MAX} scans`, async () => {
    const { cookie, userId, property } = await propertyOfNewUser();
    // Agency keeps every scan; a shorter window is tested in billing/history-window.
    await setPlan(db(), userId, "agency");
    const total = TREND_POINTS_MAX + 5;
    const rows = Array.from({ length: total }, (_, index) => ({
      dataSourceId: property.id,
      status: "completed" as const,
      healthScore: index % 101,
      healthGrade: "C",
      createdAt: daysAgo(total - index),
      completedAt: daysAgo(total - index),
    }));
    await db().insert(auditScans).values(rows);
    const { points, changes } = (await trends(cookie, property.id)).json();
    expect(points).toHaveLength(TREND_POINTS_MAX);
    // The five oldest are left out; the newest is last.
    expect(points[0].healthScore).toBe(5);
    expect(points.at(-1).healthScore).toBe((total - 1) % 101);
    expect(changes.scoreChange).toBe(1);
  });

  it("hides another workspace's property and refuses a malformed id", async () => {
    const { property } = await propertyOfNewUser();
    const outsider = await signUp(app);
    const hidden = await trends(outsider.cookie, property.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe("NOT_FOUND");
    const malformed = await trends(outsider.cookie, "not-a-uuid");
    expect(malformed.statusCode).toBe(400);
  });
});
