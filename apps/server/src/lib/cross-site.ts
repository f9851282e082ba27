import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for every state-changing request that carries cookies (OWASP: verify the
 * origin with standard headers). Current browsers say where a POST, PUT, PATCH or DELETE came
 * from in `Sec-Fetch-Site`: only `same-origin` (or `none`, a request the user made directly)
 * passes. Without it (older browsers), `Origin` must be the app's own. `Sec-Fetch-Site` goes
 * first because under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with the
 * app's own form posts (the Google and payment stand-ins' pages). Session cookies are also
 * SameSite=Lax. A request without cookies (an API key, a payment provider's webhook, a script)
 * has no ambient credential to abuse.
 */
export function createCrossSiteGuard(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return async function rejectCrossSiteRequests(request: FastifyRequest) {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const allowed =
      site !== undefined
        ? site === "same-origin" || site === "none"
        : origin === undefined || origin === appOrigin;
    if (!allowed) {
      throw new AppError(
        "CROSS_SITE_REQUEST",
        "This request came from another site and was refused. Retry from the Utmost app.",
      );
    }
  };
}
