import { PASSWORD_MIN_LENGTH } from "@utmost/contracts";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { type GenericOAuthConfig, genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import type { Config } from "../../env.ts";
import { grantAdminIfListed } from "../admin/admin.service.ts";
import type { GoogleSetup } from "../google/google-setup.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  existingAccountSignUpMail,
  passwordResetMail,
  verifyEmailMail,
} from "../mail/templates.ts";
import { passwordResetThrottle } from "../rate-limits/password-reset-throttle.ts";
import { signInThrottle } from "../rate-limits/sign-in-throttle.ts";
import { recordSignIn, recordUse } from "../retention/retention.service.ts";
import { generateBackupCodes } from "./backup-codes.ts";
import { totpReplayGuard } from "./totp-replay.ts";

export const AUTH_BASE_PATH = "/api/auth";

/** Header the API sets to the client address it trusts, for Better Auth's rate limiter. */
export const CLIENT_IP_HEADER = "x-utmost-client-ip";

/** The authenticator app's label for Utmost (the otpauth:// issuer). */
export const TWO_FACTOR_ISSUER = "Utmost";

/**
 * Routes an attacker would hammer: they get the strict limit; the rest of /api/auth a looser one.
 * The two-factor routes check a password or a code. On top of this per-address limit Better Auth
 * allows 5 tries per sign-in challenge and locks the account's second factor for 15 minutes after
 * 10 failures in a row.
 */
const SENSITIVE_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/sign-in/social",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
] as const;

/** A session lasts 30 days, and is extended when used after a day (Better Auth's updateAge). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
/** Better Auth's cookie prefix: the session cookie is `utmost.session_token`. */
export const COOKIE_PREFIX = "utmost";

/** A verification link works for a day: sign-up mail may sit unread overnight. */
export const EMAIL_VERIFICATION_EXPIRES_IN_SECONDS = 60 * 60 * 24;
/** Where a verification link lands: the app, which says the address is confirmed. */
export const EMAIL_VERIFIED_PATH = "/auth?verified=1";

export function createAuth(options: {
  db: Db;
  config: Config;
  mailer: Mailer;
  google: GoogleSetup | null;
}) {
  const { db, config, mailer, google } = options;
  const strictRule = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  return betterAuth({
    appName: "Utmost",
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.appSecret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true, transaction: true }),
    user: {
      fields: { name: "fullName" },
      // Read with every session, so the session guard sees a pending deletion without a query.
      additionalFields: {
        deletionRequestedAt: { type: "date", required: false, input: false, returned: true },
      },
    },
    hooks: {
      // A changed password signs every other device out, whatever the client asks for.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/two-factor/enable") {
          // The verification link signs in without a second factor: a second factor is set up
          // only on a verified address, so the link can never sign past one.
          const session = await getSessionFromCtx(ctx);
          if (session && !session.user.emailVerified) {
            throw new APIError("FORBIDDEN", {
              code: "EMAIL_NOT_VERIFIED",
              message: `Verify your email address first: we sent a link to ${session.user.email}.`,
            });
          }
          return;
        }
        if (ctx.path !== "/change-password") return;
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    databaseHooks: {
      // Activity keeps an account from being deleted as inactive (spec §9 legal facts): every
      // sign-in starts a session; use of the app extends one at most once a day (updateAge).
      session: {
        create: {
          after: async (session) => {
            await recordSignIn(db, session.userId, new Date());
          },
        },
        update: {
          after: async (session) => {
            if (session) await recordUse(db, session.userId, new Date());
          },
        },
      },
      user: {
        // An address in ADMIN_EMAILS becomes a system admin once it is verified: at sign-up
        // through Google (verified by Google), or when a password sign-up proves it, never
        // before (whoever signed up first with the address would otherwise get the console).
        create: {
          after: async (user) => {
            if (user.emailVerified) await grantAdminIfListed(db, config.adminEmails, user);
          },
        },
        update: {
          after: async (user) => {
            if (user.emailVerified) await grantAdminIfListed(db, config.adminEmails, user);
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      // No session at sign-up: an answer with a session for a new address and none for a taken
      // one would tell which addresses have accounts. The verification link signs the user in;
      // an unverified user may also sign in (to resend the link) but acts on nobody else.
      autoSignIn: false,
      requireEmailVerification: false,
      onExistingUserSignUp: async ({ user }) => {
        const resetUrl = new URL("/auth?mode=forgot", config.appUrl).toString();
        await mailer.send(existingAccountSignUpMail(user.email, user.name, resetUrl));
      },
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmailMail(user.email, user.name, url));
      },
    },
    account: {
      // Sign-in needs no Google tokens later, but Better Auth keeps them: never in clear text.
      encryptOAuthTokens: true,
    },
    plugins: [
      // The TOTP secret and the backup codes are stored encrypted with APP_SECRET (the default).
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        backupCodeOptions: {
          storeBackupCodes: "encrypted",
          customBackupCodesGenerate: generateBackupCodes,
        },
      }),
      totpReplayGuard(db),
      signInThrottle(db),
      passwordResetThrottle(db),
      ...(google ? [genericOAuth({ config: [googleSignIn(google)] })] : []),
    ],
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: Object.fromEntries(SENSITIVE_PATHS.map((path) => [path, strictRule])),
    },
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    logger: {
      level: config.logLevel === "silent" ? "error" : "warn",
      disabled: config.logLevel === "silent",
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * "Continue with Google" as a plain OpenID Connect provider, so one code path serves Google and
 * the stand-in. Against Google (or a stand-in on its own) the endpoints, issuer and signing keys
 * come from the discovery document and every id_token is verified. The embedded stand-in is
 * served by this very process, which is not listening yet when Better Auth reads discovery, so
 * its endpoints are given directly; the id_token then comes straight from its token endpoint
 * over the back channel (OpenID Connect Core §3.1.3.7).
 */
function googleSignIn(google: GoogleSetup): GenericOAuthConfig {
  const common = {
    providerId: "google",
    name: "Google",
    clientId: google.client.clientId,
    clientSecret: google.client.clientSecret,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    mapProfileToUser: (profile: { name?: string | null; email?: string | null }) => ({
      name: profile.name?.trim() || (profile.email ?? "").split("@")[0] || "Google user",
    }),
  } satisfies Partial<GenericOAuthConfig>;
  if (google.embedded) {
    return {
      ...common,
      authorizationUrl: google.endpoints.authorizationUrl,
      tokenUrl: google.endpoints.tokenUrl,
      userInfoUrl: google.endpoints.userInfoUrl,
    };
  }
  return {
    ...common,
    discoveryUrl: google.endpoints.discoveryUrl,
    requireIdTokenVerification: true,
  };
}
