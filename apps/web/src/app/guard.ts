import { safeRedirectPath } from "@/lib/redirect";

/** What the route guard knows about the session (from `GET /api/session`). */
export type SessionState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; onboardingCompleted: boolean; isAdmin: boolean };

export type GuardDecision =
  | { kind: "loading" }
  | { kind: "allow" }
  | { kind: "redirect"; to: string };

/**
 * Spec §4: paths a signed-in user may visit before finishing onboarding. The connect page joins
 * them because onboarding's first step connects a property, and Google sends the browser back
 * there with the property list.
 */
const ONBOARDING_EXEMPT_PATHS = ["/onboarding", "/auth", "/invite/accept", "/connect-data-source"];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

function isOnboardingExempt(pathname: string): boolean {
  return pathname === "/" || ONBOARDING_EXEMPT_PATHS.some((base) => isUnder(pathname, base));
}

/** Spec §2 /admin and §6: only system administrators. */
function isAdminOnly(pathname: string): boolean {
  return isUnder(pathname, "/admin");
}

/**
 * A signed-out visitor of a guarded page (an alert email's link, Back after signing out) already
 * has an account more often than not: sign-in, not the spec's sign-up default, with the page to
 * return to. Only a path on this site travels in `redirect` ("//evil.test" never does).
 */
export function signInPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams({ mode: "signin" });
  const back = safeRedirectPath(`${location.pathname}${location.search}`);
  if (back !== null) params.set("redirect", back);
  return `/auth?${params.toString()}`;
}

/** Decides what a guarded route does for the current session (spec §4). */
export function decideGuard(
  location: { pathname: string; search: string },
  session: SessionState,
): GuardDecision {
  if (session.status === "loading") return { kind: "loading" };
  if (session.status === "signed-out") return { kind: "redirect", to: signInPath(location) };
  if (!session.onboardingCompleted && !isOnboardingExempt(location.pathname)) {
    return { kind: "redirect", to: "/onboarding" };
  }
  if (isAdminOnly(location.pathname) && !session.isAdmin) {
    return { kind: "redirect", to: "/dashboard" };
  }
  return { kind: "allow" };
}
