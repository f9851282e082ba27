/**
 * Every API route, sorted by who may call it, so a new route cannot escape the authorization
 * suites: app.integration.test.ts proves every route outside PUBLIC_ROUTES refuses a request
 * without a session, and the permission matrix (workspaces/permission-matrix.integration.test.ts)
 * must hold a case, for each role and an outsider, for every route not listed here.
 */

/** Open to anyone: each proves its own check (a signature, a token) in its own tests. */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/health",
  "GET /api/config",
  "GET /api/docs/checks",
  "GET /api/docs/checks/:checkId",
  // The public API's documentation: Swagger UI and its OpenAPI document (ADR 012).
  "GET /api/docs",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
  "GET /api/docs/static/*",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/dev/outbox",
  "GET /api/invitations/lookup",
  // Who is signed in, null for nobody: the session cookie is the check (session.integration.test.ts).
  "GET /api/session",
  // An alert recipient's opt-in: the single-use token is the check (alert-recipients tests).
  "POST /api/alert-recipients/confirm",
  // The payment provider's events: the Standard Webhooks signature is the check (billing tests).
  "POST /api/webhooks/dodo",
  "GET /api/auth/*",
  "POST /api/auth/*",
]);

/**
 * Signed-in routes about the caller's own account, not about a workspace: what they show is
 * the caller's (their profile, their workspaces, their plan), proven in their modules' tests;
 * the admin console's routes answer system administrators only (admin.integration.test.ts).
 */
export const ACCOUNT_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/me",
  "PATCH /api/me",
  "POST /api/me/onboarding/complete",
  "GET /api/me/export",
  "POST /api/me/deletion",
  "POST /api/me/deletion/cancel",
  // The caller's own sessions (sign-in-sessions.integration.test.ts).
  "GET /api/me/sessions",
  "DELETE /api/me/sessions/:sessionId",
  "POST /api/me/sessions/sign-out-others",
  "GET /api/workspaces",
  "POST /api/workspaces",
  // By the invitation's token, for the invited email (invitations.integration.test.ts).
  "POST /api/invitations/accept",
  "POST /api/invitations/decline",
  // The workspaces the caller belongs to (portfolio.integration.test.ts).
  "GET /api/portfolio",
  "GET /api/billing",
  "POST /api/billing/checkout",
  "POST /api/billing/portal",
  // The caller's own subscription, read from and changed at Dodo (plan-change.integration.test.ts).
  "GET /api/billing/details",
  "POST /api/billing/change-plan",
  // The caller's own add-on properties, changed at Dodo (extra-properties.integration.test.ts).
  "POST /api/billing/extra-properties",
  "GET /api/admin/stats",
  "GET /api/admin/recent-scans",
  "GET /api/admin/users",
  "PATCH /api/admin/users/:userId/subscription",
  "GET /api/admin/workspaces",
]);

/** The public API: a workspace's API key, not a session (public-api.integration.test.ts). */
export function isApiKeyRoute(url: string): boolean {
  return url.startsWith("/api/v1/");
}

/** Google's redirect back answers by redirect, never by status (its own tests). */
const REDIRECT_ROUTES: ReadonlySet<string> = new Set(["GET /api/oauth/google/callback"]);

/** The routes the permission matrix must cover: everything that acts on a workspace. */
export function isWorkspaceRoute(route: { method: string; url: string }): boolean {
  const key = `${route.method} ${route.url}`;
  return (
    route.method !== "HEAD" &&
    route.url.startsWith("/api/") &&
    !PUBLIC_ROUTES.has(key) &&
    !ACCOUNT_ROUTES.has(key) &&
    !REDIRECT_ROUTES.has(key) &&
    !isApiKeyRoute(route.url)
  );
}
