import { DocsCheckListResponseSchema, DocsCheckResponseSchema } from "@utmost/contracts";
import { checks } from "@utmost/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

describe.each(testDatabaseKinds())("the public check docs on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists exactly the engine's checks, in order, each with a full guide, without a session", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/docs/checks" });

    expect(response.statusCode).toBe(200);
    const body = DocsCheckListResponseSchema.parse(response.json());
    expect(body.checks.map((check) => check.id)).toEqual(checks.map((check) => check.id));
    for (const check of body.checks) {
      const { guide } = check;
      for (const text of [
        check.title,
        check.description,
        guide.whyItMatters,
        guide.howToFix,
        guide.exampleWrong,
        guide.exampleCorrect,
      ]) {
        expect(text.trim(), check.id).not.toBe("");
      }
      const link = new URL(guide.ga4DocumentationUrl);
      expect({ id: check.id, protocol: link.protocol }).toEqual({
        id: check.id,
        protocol: "https:",
      });
      expect(link.hostname, check.id).toMatch(/(^|\.)google\.com$/);
    }
  });

  it("answers one check by id with the engine's guide and severities", async () => {
    // One whose findings may take another severity than the default.
    const engineCheck = checks.find((check) => (check.severityWhen ?? []).length > 0);
    if (!engineCheck) throw new Error("the engine has no checks");
    const response = await app.server.inject({
      method: "GET",
      url: `/api/docs/checks/${engineCheck.id}`,
    });

    expect(response.statusCode).toBe(200);
    const { check } = DocsCheckResponseSchema.parse(response.json());
    expect(check).toEqual({
      id: engineCheck.id,
      title: engineCheck.title,
      severity: engineCheck.severity,
      severityWhen: engineCheck.severityWhen ?? [],
      description: engineCheck.description,
      guide: engineCheck.guide,
    });
  });

  it("answers an unknown check id with a JSON 404", async () => {
    const response = await app.server.inject({
      method: "GET",
      url: "/api/docs/checks/no-such-check",
    });

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});
