import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { twoFactorUsedCodes } from "../../db/schema.ts";

/**
 * TOTP codes are single-use (RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of
 * the same OTP after the successful validation has been issued for the first OTP"). Better Auth's
 * two-factor plugin accepts a code for its whole window (one step either side, about 90 seconds),
 * so one code seen over a shoulder or phished could open a second session.
 *
 * Before the plugin checks a code, the code is claimed for its user in `two_factor_used_codes`
 * (a primary key on user and code hash, so two requests racing with one code cannot both win);
 * a code already claimed is refused with the plugin's own wrong-code answer. A claim whose check
 * then fails is given back, so a wrong guess never burns a code the user is about to type.
 */

const VERIFY_TOTP_PATH = "/two-factor/verify-totp";

/** Longer than any window the plugin accepts a code in; older claims cannot matter. */
const CLAIM_LIFETIME = sql`interval '5 minutes'`;

/** Better Auth's two-factor challenge cookie (the plugin's TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = "two_factor";

/** The plugin's answer to a wrong code (TWO_FACTOR_ERROR_CODES.INVALID_CODE, 401). */
function invalidCode(): APIError {
  return new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
}

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

const CodeBodySchema = z.object({ code: z.string() });

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code this is: the signed-in user (confirming set-up) or the pending sign-in's user. */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}

export function totpReplayGuard(db: Db) {
  /** Claims made by requests still in flight, so their after-hook can give a failed one back. */
  const claims = new WeakMap<object, { userId: string; codeHash: string }>();

  return {
    id: "utmost-totp-replay-guard",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const body = CodeBodySchema.safeParse(ctx.body);
            if (!body.success) return;
            const userId = await codeOwner(ctx);
            // No user: the plugin refuses the request itself (no challenge, no session).
            if (!userId) return;
            const codeHash = hashCode(body.data.code);
            await db
              .delete(twoFactorUsedCodes)
              .where(
                and(
                  eq(twoFactorUsedCodes.userId, userId),
                  lt(twoFactorUsedCodes.usedAt, sql`now() - ${CLAIM_LIFETIME}`),
                ),
              );
            const claimed = await db
              .insert(twoFactorUsedCodes)
              .values({ userId, codeHash })
              .onConflictDoNothing()
              .returning({ userId: twoFactorUsedCodes.userId });
            if (claimed.length === 0) throw invalidCode();
            if (ctx.request) claims.set(ctx.request, { userId, codeHash });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const claim = ctx.request ? claims.get(ctx.request) : undefined;
            if (!claim) return;
            if (ctx.request) claims.delete(ctx.request);
            if (!(ctx.context.returned instanceof Error)) return;
            await db
              .delete(twoFactorUsedCodes)
              .where(
                and(
                  eq(twoFactorUsedCodes.userId, claim.userId),
                  eq(twoFactorUsedCodes.codeHash, claim.codeHash),
                ),
              );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
