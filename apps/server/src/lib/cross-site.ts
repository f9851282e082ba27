import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for every state-changing request that carries cookies (OWASP: verify the
 * origin with standard headers). A browser names the page that sent a POST, PUT, PATCH or DELETE
 * in `Origin` (and, in current browsers, `Sec-Fetch-Site`); a request from another site is
 * refused before any route runs. Session cookies are also SameSite=Lax. A request without cookies
 * (an API key, a payment provider's webhook, a script) has no ambient credential to abuse.
 */
export function createCrossSiteGuard(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return async function rejectCrossSiteRequests(request: FastifyRequest) {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const crossSite = origin !== undefined ? origin !== appOrigin : site === "cross-site";
    if (crossSite) {
      throw new AppError(
        "CROSS_SITE_REQUEST",
        "This request came from another site and was refused. Retry from the Utmost app.",
      );
    }
  };
}
