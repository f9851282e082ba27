import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../../db/client.ts";
import { PASSWORD_RESET_LIMIT, passwordResetKey, takeFromLimit } from "./rate-limits.service.ts";

const RESET_PATH = "/request-password-reset";

/**
 * Better Auth's limiter counts reset requests per client address, so a sender with many
 * addresses could fill one person's inbox with reset emails; this counts per email address
 * too (PASSWORD_RESET_LIMIT). Every request counts, whether or not an account has the address,
 * so the answer tells nobody which addresses exist.
 */
export function passwordResetThrottle(db: Db): BetterAuthPlugin {
  return {
    id: "utmost-password-reset-throttle",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === RESET_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email;
            if (typeof email !== "string") return;
            const outcome = await takeFromLimit(db, {
              key: passwordResetKey(email),
              ...PASSWORD_RESET_LIMIT,
            });
            if (outcome.allowed) return;
            const minutes = Math.max(1, Math.ceil(outcome.resetSeconds / 60));
            // The shape and status of Better Auth's own limiter, so clients handle both alike.
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "RATE_LIMITED",
                message: `Too many password reset emails requested for this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
              },
              {
                "retry-after": String(outcome.resetSeconds),
                "x-retry-after": String(outcome.resetSeconds),
              },
            );
          }),
        },
      ],
    },
  };
}
