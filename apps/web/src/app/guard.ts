/** What the route guard knows about the session (from `GET /api/me`). */
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

/** Decides what a guarded route does for the current session (spec §4). */
export function decideGuard(
  location: { pathname: string; search: string },
  session: SessionState,
): GuardDecision {
  if (session.status === "loading") return { kind: "loading" };
  if (session.status === "signed-out") {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return { kind: "redirect", to: `/auth?redirect=${redirect}` };
  }
  if (!session.onboardingCompleted && !isOnboardingExempt(location.pathname)) {
    return { kind: "redirect", to: "/onboarding" };
  }
  if (isAdminOnly(location.pathname) && !session.isAdmin) {
    return { kind: "redirect", to: "/dashboard" };
  }
  return { kind: "allow" };
}
