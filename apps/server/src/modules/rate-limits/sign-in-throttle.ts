import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../../db/client.ts";
import { admitSignInAttempt, clearSignInFailures } from "./rate-limits.repository.ts";
import { SIGN_IN_BACKOFF, signInAccountKey } from "./rate-limits.service.ts";

const SIGN_IN_PATH = "/sign-in/email";

/**
 * Better Auth's limiter counts per client address, so a guesser with many addresses keeps going;
 * this counts per account (issue 21, finding 3). Every password attempt for an address is
 * admitted only outside its back-off and counted as a failure before the password is checked;
 * an accepted password clears the count. The answer is the same whether or not an account has
 * the address, so it tells nobody which addresses exist.
 *
 * The second factor needs nothing more here: Better Auth's two-factor plugin already counts
 * failed codes per user in `two_factors` (shared by every process) and locks the user's second
 * factor for 15 minutes after 10 in a row.
 */
export function signInThrottle(db: Db): BetterAuthPlugin {
  const isSignIn = (context: { path?: string }) => context.path === SIGN_IN_PATH;
  return {
    id: "utmost-sign-in-throttle",
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email;
            if (typeof email !== "string") return;
            const outcome = await admitSignInAttempt(db, signInAccountKey(email), SIGN_IN_BACKOFF);
            if (outcome.admitted) return;
            // The shape and status of Better Auth's own limiter, so clients handle both alike.
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "RATE_LIMITED",
                message: `Too many failed sign-in attempts for this account. Try again in ${outcome.retryAfterSeconds} s.`,
              },
              {
                "retry-after": String(outcome.retryAfterSeconds),
                "x-retry-after": String(outcome.retryAfterSeconds),
              },
            );
          }),
        },
      ],
      after: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email;
            if (typeof email !== "string" || !passwordAccepted(ctx.context.returned)) return;
            await clearSignInFailures(db, signInAccountKey(email));
          }),
        },
      ],
    },
  };
}

/**
 * The password matched: the sign-in succeeded, is waiting for the second factor, or stops only
 * because the address is not verified yet. Any other error leaves the attempt counted.
 */
function passwordAccepted(returned: unknown): boolean {
  if (returned === undefined) return false;
  if (!(returned instanceof Error)) return true;
  const body: unknown = "body" in returned ? returned.body : undefined;
  return (
    typeof body === "object" &&
    body !== null &&
    "code" in body &&
    body.code === "EMAIL_NOT_VERIFIED"
  );
}
