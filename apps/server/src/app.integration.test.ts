import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "./test/databases.ts";
import { PUBLIC_ROUTES } from "./test/route-table.ts";
import { createTestApp, signUp, type TestApp } from "./test/test-app.ts";

/** Every /api route outside PUBLIC_ROUTES must refuse a request without a session. */

describe.each(testDatabaseKinds())("the API on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const appRoutes = () =>
    app.routes.filter(
      (route) =>
        route.url.startsWith("/api/") &&
        route.method !== "HEAD" &&
        !PUBLIC_ROUTES.has(`${route.method} ${route.url}`),
    );

  it("has app routes to guard", () => {
    expect(appRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["GET /api/me", "GET /api/workspaces", "GET /api/portfolio"]),
    );
  });

  it("refuses every app route without a session cookie, and with a forged one", async () => {
    for (const route of appRoutes()) {
      const url = route.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");
      for (const cookie of [undefined, "utmost.session_token=forged.value"]) {
        const response = await app.server.inject({
          method: route.method as "GET",
          url,
          headers: cookie ? { cookie } : {},
          ...(route.method === "GET" ? {} : { payload: {} }),
        });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
        expect(response.json().error.code).toBe("UNAUTHENTICATED");
      }
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });

  it("updates the profile and validates the name", async () => {
    const { cookie } = await signUp(app);
    const blank = await app.server.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: { fullName: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Full name is required",
    });
    const renamed = await app.server.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: { fullName: "Renamed Person" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.fullName).toBe("Renamed Person");
  });

  it("records the onboarding finish action", async () => {
    const { cookie } = await signUp(app);
    const done = await app.server.inject({
      method: "POST",
      url: "/api/me/onboarding/complete",
      headers: { cookie },
      payload: {},
    });
    expect(done.statusCode).toBe(204);
    const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.json().onboardingCompleted).toBe(true);
  });
});
