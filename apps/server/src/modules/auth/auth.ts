import { PASSWORD_MIN_LENGTH } from "@utmost/contracts";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import type { Config } from "../../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMail } from "../mail/templates.ts";

export const AUTH_BASE_PATH = "/api/auth";

/** Header the API sets to the client address it trusts, for Better Auth's rate limiter. */
export const CLIENT_IP_HEADER = "x-utmost-client-ip";

/** Routes an attacker would hammer: they get the strict limit; the rest of /api/auth a looser one. */
const SENSITIVE_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
] as const;

export function createAuth(options: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = options;
  const strictRule = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  return betterAuth({
    appName: "Utmost",
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.appSecret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true, transaction: true }),
    user: { fields: { name: "fullName" } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
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
      cookiePrefix: "utmost",
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
