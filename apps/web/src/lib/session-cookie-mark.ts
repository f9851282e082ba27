/**
 * The server's mark on a page it sent to a request that carried Better Auth's session cookie
 * (`data-session-cookie` on `<html>`, apps/server/src/modules/web/web.routes.ts). The cookie is
 * httpOnly, so scripts cannot see it; without the mark the visitor is signed out and a public
 * page asks the API nothing about them (issue 24). No imports: the landing page's own script
 * (src/landing/session.ts) reads it too.
 */
export const SESSION_COOKIE_MARK = "data-session-cookie";

/** Whether the page has the mark; rendered at build (no document), it has none. */
export function pageCameWithSessionCookie(doc?: Document): boolean {
  const page = doc ?? (typeof document === "undefined" ? undefined : document);
  return page?.documentElement.hasAttribute(SESSION_COOKIE_MARK) ?? false;
}
