import { safeRedirectPath } from "@/lib/redirect";

/** Where a signed-in user goes from /auth (spec §2): the redirect, else dashboard or onboarding. */
export function postAuthPath(redirect: string | null, onboardingCompleted: boolean): string {
  return safeRedirectPath(redirect) ?? (onboardingCompleted ? "/dashboard" : "/onboarding");
}
