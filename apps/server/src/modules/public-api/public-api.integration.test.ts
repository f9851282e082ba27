import {
  PublicIssueListResponseSchema,
  PublicPropertyListResponseSchema,
  PublicScanDetailResponseSchema,
  PublicScanResponseSchema,
} from "@utmost/contracts";
import { checks } from "@utmost/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditScans, dataSources } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import {
  daysAgo,
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";

/**
 * Issue 10: the public API (ADR 012). A workspace API key reads that workspace's properties,
 * scans and issues and starts audits; nothing else, and nothing once revoked or downgraded.
 */
describe.each(testDatabaseKinds())("the public API on %s", (kind) => {
  let app: QueueTestApp;
  let owner: { cookie: string; userId: string };
  let workspaceId: string;
  let key: string;
  let property: { id: string };
  let completedScanId: string;
  /** Another workspace's, which no key of ours may see. */
  let foreign: { propertyId: string; scanId: string };

  beforeAll(async () => {
    app = await createTestApp(kind);
    const db = app.database.db;
    owner = await signUp(app);
    await setPlan(db, owner.userId, "advanced");
    workspaceId = (await insertTeam(db, owner.userId)).id;
    property = await insertDataSource(db, {
      workspaceId,
      name: "Acme Store",
      ga4PropertyId: "312456789",
    });
    await insertScan(db, { dataSourceId: property.id, healthScore: 60, completedAt: daysAgo(3) });
    const latest = await insertScan(db, {
      dataSourceId: property.id,
      healthScore: 81,
      healthGrade: "A",
      completedAt: daysAgo(1),
      isSampled: true,
      samplesReadCount: 250_000,
      samplingSpaceSize: 1_000_000,
      isThresholded: true,
      // What the worker stores of the engine's checks (scan-issues.ts storedReport).
      report: {
        healthScore: 81,
        checks: checks.map((check, index) => ({
          id: check.id,
          title: check.title,
          severity: check.severity,
          status: index === 0 ? "failed" : index === 1 ? "skipped" : "passed",
          ...(index === 1 ? { skippedReason: "needs sessionManualTerm" } : {}),
          affectedSessions: index === 0 ? 40 : 0,
          affectedShare: index === 0 ? 0.2 : 0,
          findings: [],
        })),
      },
    });
    completedScanId = latest.id;
    await insertScan(db, {
      dataSourceId: property.id,
      status: "failed",
      healthScore: null,
      healthGrade: null,
      completedAt: daysAgo(0.5),
    });
    const severities = ["info", "critical", "warning", "critical", "warning"] as const;
    for (const [index, severity] of severities.entries()) {
      const issue = await insertIssue(db, {
        dataSourceId: property.id,
        severity,
        status: index === 4 ? "resolved" : "active",
        firstDetectedAt: daysAgo(10 - index),
      });
      await insertOccurrence(db, { issueId: issue.id, scanId: latest.id });
    }

    const stranger = await signUp(app);
    await setPlan(db, stranger.userId, "advanced");
    const strangerWorkspace = await insertTeam(db, stranger.userId);
    const strangerProperty = await insertDataSource(db, { workspaceId: strangerWorkspace.id });
    const strangerScan = await insertScan(db, { dataSourceId: strangerProperty.id });
    foreign = { propertyId: strangerProperty.id, scanId: strangerScan.id };

    key = await createKey("Reporting");
  });
  afterAll(async () => {
    await app?.close();
  });

  async function createKey(name: string, workspace = workspaceId, cookie = owner.cookie) {
    const response = await app.server.inject({
      method: "POST",
      url: `/api/workspaces/${workspace}/api-keys`,
      headers: { cookie },
      payload: { name },
    });
    if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.body}`);
    return response.json().key as string;
  }

  const call = (url: string, bearer: string | undefined = key, method: "GET" | "POST" = "GET") =>
    app.server.inject({
      method,
      url,
      headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
    });

  /** Every /api/v1 route, with its parameters filled from `ids`. */
  function v1Routes(ids: { propertyId: string; scanId: string }) {
    return app.routes
      .filter((route) => route.url.startsWith("/api/v1/") && route.method !== "HEAD")
      .map((route) => ({
        method: route.method as "GET" | "POST",
        label: `${route.method} ${route.url}`,
        url: route.url.replace(":propertyId", ids.propertyId).replace(":scanId", ids.scanId),
      }));
  }

  it("lists the workspace's properties with their latest completed score", async () => {
    const response = await call("/api/v1/properties");
    expect(response.statusCode).toBe(200);
    const { properties } = PublicPropertyListResponseSchema.parse(response.json());
    expect(properties).toEqual([
      {
        id: property.id,
        name: "Acme Store",
        ga4PropertyId: "312456789",
        status: "active",
        healthScore: 81,
        healthGrade: "A",
        lastScanAt: expect.any(String),
      },
    ]);
    const one = await call(`/api/v1/properties/${property.id}`);
    expect(one.json()).toEqual({ property: properties[0] });
  });

  it("scores a property by its newest audit even when an older one finished after it", async () => {
    const db = app.database.db;
    const other = await insertDataSource(db, { workspaceId, name: "Beta Shop" });
    try {
      await insertScan(db, {
        dataSourceId: other.id,
        healthScore: 40,
        healthGrade: "F",
        createdAt: daysAgo(2),
        completedAt: daysAgo(0.1),
      });
      await insertScan(db, {
        dataSourceId: other.id,
        healthScore: 90,
        healthGrade: "A",
        createdAt: daysAgo(1),
        completedAt: daysAgo(0.5),
      });
      const response = await call(`/api/v1/properties/${other.id}`);
      expect(response.json().property).toMatchObject({ healthScore: 90, healthGrade: "A" });
    } finally {
      await db.delete(dataSources).where(eq(dataSources.id, other.id));
    }
  });

  it("reads a property's scans newest first, with a limit, and one scan", async () => {
    const scans = await call(`/api/v1/properties/${property.id}/scans?limit=2`);
    expect(scans.statusCode).toBe(200);
    expect(scans.json().scans.map((scan: { status: string }) => scan.status)).toEqual([
      "failed",
      "completed",
    ]);
    expect((await call(`/api/v1/properties/${property.id}/scans?limit=0`)).json().error).toEqual({
      code: "VALIDATION_FAILED",
      message: "limit must be at least 1",
      issues: [{ path: "limit", message: "limit must be at least 1" }],
    });
    const scan = await call(`/api/v1/scans/${completedScanId}`);
    const { checks: scanChecks, ...detail } = PublicScanDetailResponseSchema.parse(
      scan.json(),
    ).scan;
    expect(detail).toMatchObject({
      id: completedScanId,
      propertyId: property.id,
      status: "completed",
      healthScore: 81,
      healthGrade: "A",
      isComplete: true,
      isSampled: true,
      samplingRate: 0.25,
      isThresholded: true,
    });
    // Every check's outcome, a skipped one with its reason.
    expect(scanChecks).toHaveLength(checks.length);
    expect(scanChecks.slice(0, 3)).toEqual([
      {
        id: checks[0]?.id,
        title: checks[0]?.title,
        severity: checks[0]?.severity,
        status: "failed",
        skippedReason: null,
        affectedSessions: 40,
      },
      expect.objectContaining({
        id: checks[1]?.id,
        status: "skipped",
        skippedReason: "needs sessionManualTerm",
      }),
      expect.objectContaining({ id: checks[2]?.id, status: "passed", skippedReason: null }),
    ]);
    // A scan Google answered exactly says so.
    expect(scans.json().scans[0]).toMatchObject({
      isSampled: false,
      samplingRate: null,
      isThresholded: false,
    });
    // Lists stay lean; a failed scan ran no checks.
    expect(scans.json().scans[0]).not.toHaveProperty("checks");
    const failed = await call(`/api/v1/scans/${scans.json().scans[0].id}`);
    expect(PublicScanDetailResponseSchema.parse(failed.json()).scan.checks).toEqual([]);
  });

  it("lists issues critical first, filtered and a page at a time", async () => {
    const all = PublicIssueListResponseSchema.parse(
      (await call(`/api/v1/properties/${property.id}/issues`)).json(),
    );
    expect(all.total).toBe(5);
    expect(all.nextOffset).toBeNull();
    expect(all.issues.map((issue) => issue.severity)).toEqual([
      "critical",
      "critical",
      "warning",
      "warning",
      "info",
    ]);
    expect(all.issues[0]).toMatchObject({
      propertyId: property.id,
      checkId: "case-inconsistency",
      affectedSessions: 120,
      resolutionGuide: { howToFix: "Use lower case in every utm_campaign value." },
    });

    const first = (await call(`/api/v1/properties/${property.id}/issues?limit=2`)).json();
    expect(first).toMatchObject({ total: 5, nextOffset: 2 });
    const second = (
      await call(`/api/v1/properties/${property.id}/issues?limit=2&offset=${first.nextOffset}`)
    ).json();
    const last = (await call(`/api/v1/properties/${property.id}/issues?limit=2&offset=4`)).json();
    expect(last.nextOffset).toBeNull();
    expect([...first.issues, ...second.issues, ...last.issues].map((i) => i.id)).toEqual(
      all.issues.map((issue) => issue.id),
    );

    const warnings = (
      await call(`/api/v1/properties/${property.id}/issues?severity=warning&status=active`)
    ).json();
    expect(warnings.total).toBe(1);
    expect(warnings.issues[0]).toMatchObject({ severity: "warning", status: "active" });
    const bad = await call(`/api/v1/properties/${property.id}/issues?severity=fatal`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("starts a scan like Run Audit, refusing a second while one runs", async () => {
    const db = app.database.db;
    const running = await insertDataSource(db, { workspaceId });
    const started = await call(`/api/v1/properties/${running.id}/scans`, key, "POST");
    expect(started.statusCode).toBe(202);
    const { scan } = PublicScanResponseSchema.parse(started.json());
    expect(scan).toMatchObject({ propertyId: running.id, status: "running", type: "manual" });
    const [row] = await db.select().from(auditScans).where(eq(auditScans.id, scan.id));
    expect(row).toMatchObject({ status: "running", scanType: "manual", requestedByUserId: null });

    const again = await call(`/api/v1/properties/${running.id}/scans`, key, "POST");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("AUDIT_ALREADY_RUNNING");
    expect(again.json().error.message).toContain(scan.id);
    const followed = await call(`/api/v1/scans/${scan.id}`);
    expect(followed.json().scan.status).toBe("running");

    const paused = await insertDataSource(db, {
      workspaceId,
      isActive: false,
      suspendedByPlanAt: new Date(),
    });
    const refusedPaused = await call(`/api/v1/properties/${paused.id}/scans`, key, "POST");
    expect(refusedPaused.statusCode).toBe(403);
    expect(refusedPaused.json().error.code).toBe("PLAN_LIMIT_REACHED");
    const inactive = await insertDataSource(db, { workspaceId, isActive: false });
    const refusedInactive = await call(`/api/v1/properties/${inactive.id}/scans`, key, "POST");
    expect(refusedInactive.statusCode).toBe(409);
    expect(refusedInactive.json().error.code).toBe("PROPERTY_INACTIVE");
    const statuses = (await call("/api/v1/properties")).json().properties;
    expect(statuses.find((p: { id: string }) => p.id === paused.id).status).toBe("paused");
    expect(statuses.find((p: { id: string }) => p.id === inactive.id).status).toBe("inactive");
  });

  it("records when a key was last used, at most once a minute", async () => {
    const fresh = await createKey("Usage");
    const stored = () =>
      app.database.db
        .select({ lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .where(eq(apiKeys.keyPrefix, fresh.slice(0, 12)))
        .then(([row]) => row?.lastUsedAt);
    expect(await stored()).toBeNull();
    await call("/api/v1/properties", fresh);
    const first = await stored();
    expect(first).toBeInstanceOf(Date);
    await call("/api/v1/properties", fresh);
    expect(await stored()).toEqual(first);
    await app.database.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(apiKeys.keyPrefix, fresh.slice(0, 12)));
    await call("/api/v1/properties", fresh);
    expect((await stored())?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses every route without a key, with a malformed, unknown or revoked one (401)", async () => {
    const revoked = await createKey("Soon revoked");
    const listed = await app.server.inject({
      method: "GET",
      url: `/api/workspaces/${workspaceId}/api-keys`,
      headers: { cookie: owner.cookie },
    });
    const revokedId = listed
      .json()
      .apiKeys.find((k: { keyPrefix: string }) => k.keyPrefix === revoked.slice(0, 12)).id;
    expect((await call("/api/v1/properties", revoked)).statusCode).toBe(200);
    await app.server.inject({
      method: "DELETE",
      url: `/api/api-keys/${revokedId}`,
      headers: { cookie: owner.cookie },
    });

    const attempts: { name: string; headers: Record<string, string>; message: string }[] = [
      {
        name: "no key",
        headers: {},
        message: "Missing API key: send it as 'Authorization: Bearer <key>'.",
      },
      {
        name: "another scheme",
        headers: { authorization: `Basic ${key}` },
        message: "Malformed Authorization header: expected 'Bearer <key>'.",
      },
      {
        name: "a bare key",
        headers: { authorization: key },
        message: "Malformed Authorization header: expected 'Bearer <key>'.",
      },
      {
        name: "an unknown key",
        headers: { authorization: `Bearer utm_${"A".repeat(43)}` },
        message: "Invalid API key.",
      },
      {
        name: "not a key at all",
        headers: { authorization: "Bearer hunter2" },
        message: "Invalid API key.",
      },
      {
        name: "a session cookie",
        headers: { cookie: owner.cookie },
        message: "Missing API key: send it as 'Authorization: Bearer <key>'.",
      },
      {
        name: "a revoked key",
        headers: { authorization: `Bearer ${revoked}` },
        message: "This API key has been revoked.",
      },
    ];
    const routes = v1Routes({ propertyId: property.id, scanId: completedScanId });
    expect(routes.map((route) => route.label).sort()).toEqual([
      "GET /api/v1/properties",
      "GET /api/v1/properties/:propertyId",
      "GET /api/v1/properties/:propertyId/issues",
      "GET /api/v1/properties/:propertyId/scans",
      "GET /api/v1/scans/:scanId",
      "POST /api/v1/properties/:propertyId/scans",
    ]);
    for (const route of routes) {
      for (const attempt of attempts) {
        const response = await app.server.inject({
          method: route.method,
          url: route.url,
          headers: attempt.headers,
        });
        expect({ route: route.label, attempt: attempt.name, status: response.statusCode }).toEqual({
          route: route.label,
          attempt: attempt.name,
          status: 401,
        });
        expect(response.headers["www-authenticate"]).toMatch(/^Bearer realm="Utmost API"/);
        expect(response.json().error).toEqual({
          code: "UNAUTHENTICATED",
          message: attempt.message,
        });
      }
    }
  });

  it("answers 404 for another workspace's property and scan", async () => {
    for (const route of v1Routes(foreign)) {
      if (route.label === "GET /api/v1/properties") continue;
      const response = await call(route.url, key, route.method);
      expect({ route: route.label, status: response.statusCode }).toEqual({
        route: route.label,
        status: 404,
      });
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    const listed = (await call("/api/v1/properties")).json().properties;
    expect(listed.map((p: { id: string }) => p.id)).not.toContain(foreign.propertyId);
  });

  it("refuses a workspace's keys once its owner's plan lost API access (403)", async () => {
    const db = app.database.db;
    const downgraded = await signUp(app);
    await setPlan(db, downgraded.userId, "agency");
    const team = await insertTeam(db, downgraded.userId);
    const teamKey = await createKey("Agency key", team.id, downgraded.cookie);
    expect((await call("/api/v1/properties", teamKey)).statusCode).toBe(200);
    await setPlan(db, downgraded.userId, "pro");
    const refused = await call("/api/v1/properties", teamKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "API access is part of the Team plan and above. Upgrade to use API keys.",
    });
  });

  it("describes exactly the /api/v1 routes in an OpenAPI 3.1 document with the bearer scheme", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "Utmost API", version: "1.0.0" });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/v1/properties",
      "/api/v1/properties/{propertyId}",
      "/api/v1/properties/{propertyId}/issues",
      "/api/v1/properties/{propertyId}/scans",
      "/api/v1/scans/{scanId}",
    ]);
    const issues = document.paths["/api/v1/properties/{propertyId}/issues"].get;
    expect(issues.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "limit",
      "offset",
      "propertyId",
      "severity",
      "status",
    ]);
    expect(Object.keys(issues.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404"]),
    );
    expect(document.paths["/api/v1/properties/{propertyId}/scans"].post.responses).toHaveProperty(
      "202",
    );
    expect(document.components.schemas.Property.properties.healthScore.description).toMatch(
      /latest completed scan/,
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["Property", "Scan", "Issue", "Error"]),
    );
    const scan = document.components.schemas.Scan;
    expect(scan.required).toEqual(
      expect.arrayContaining(["isSampled", "samplingRate", "isThresholded"]),
    );
    expect(scan.properties.isSampled.description).toMatch(/sample/);
    expect(scan.properties.samplingRate.anyOf).toEqual(
      expect.arrayContaining([{ type: "number", minimum: 0, maximum: 1 }, { type: "null" }]),
    );
    expect(scan.properties.isThresholded.description).toMatch(/thresholds/);
    expect(scan.properties).not.toHaveProperty("checks");
    const detail = document.components.schemas.ScanDetail;
    expect(detail.properties.checks.items).toEqual({ $ref: "#/components/schemas/Check" });
    expect(document.components.schemas.Check.properties.status.enum).toEqual([
      "passed",
      "failed",
      "skipped",
    ]);
    expect(document.components.schemas.Check.properties.skippedReason.description).toMatch(
      /skipped/,
    );
  });

  it("serves Swagger UI at /api/docs under its own CSP, beside the check docs", async () => {
    const page = await app.server.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<title>Utmost API</title>");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    // Nothing from elsewhere, and no https upgrade of a plain-http local server.
    expect(csp).not.toContain("https:");
    expect(csp).not.toContain("upgrade-insecure-requests");
    const script = await app.server.inject({
      method: "GET",
      url: "/api/docs/static/swagger-ui-bundle.js",
    });
    expect(script.statusCode).toBe(200);
    const initializer = await app.server.inject({
      method: "GET",
      url: "/api/docs/static/swagger-initializer.js",
    });
    expect(initializer.body).toContain("validatorUrl");

    const list = await app.server.inject({ method: "GET", url: "/api/docs/checks" });
    expect(list.statusCode).toBe(200);
    expect(list.json().checks).toHaveLength(checks.length);
    const firstCheck = checks[0]?.id;
    const one = await app.server.inject({ method: "GET", url: `/api/docs/checks/${firstCheck}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().check.id).toBe(firstCheck);
    // The app's own routes keep the app's CSP.
    const health = await app.server.inject({ method: "GET", url: "/api/health" });
    expect(health.headers["content-security-policy"]).toEqual(expect.any(String));
    expect(health.headers["content-security-policy"]).not.toBe(csp);
  });
});

describe("the public API's rate limit", () => {
  it("answers 429 with Retry-After once a key passes its requests a minute, other keys unaffected", async () => {
    const app = await createTestApp("pglite", { API_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const owner = await signUp(app);
      await setPlan(app.database.db, owner.userId, "advanced");
      const workspace = await insertTeam(app.database.db, owner.userId);
      const createKey = async (name: string) => {
        const response = await app.server.inject({
          method: "POST",
          url: `/api/workspaces/${workspace.id}/api-keys`,
          headers: { cookie: owner.cookie },
          payload: { name },
        });
        return response.json().key as string;
      };
      const busy = await createKey("Busy script");
      const quiet = await createKey("Dashboard");
      const list = (key: string) =>
        app.server.inject({
          method: "GET",
          url: "/api/v1/properties",
          headers: { authorization: `Bearer ${key}` },
        });

      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await list(busy)).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await list(busy);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("RATE_LIMITED");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect((await list(quiet)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
