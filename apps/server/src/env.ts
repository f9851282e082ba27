import path from "node:path";
import type { PaidTier } from "@utmost/contracts";
import { z } from "zod";

/**
 * The one place that reads `process.env` (DESIGN.md, "Run modes"). A bad value stops the start
 * with a message naming the variable.
 */

/** The embedded demo's APP_SECRET: published here, so production refuses it. */
export const DEMO_SECRET = "utmost-embedded-demo-secret-not-for-production";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    /** The built web app the server serves; apps/web/dist unless set. */
    WEB_DIST_DIR: z.string().min(1).optional(),
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    APP_SECRET_PREVIOUS: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    /**
     * Where mail goes: `smtp` (SMTP_URL), `log` (each mail written whole to the server log at
     * info level, for a deployment whose operators read mail there), or `outbox` (the database
     * outbox the demo shows). Unset: smtp with SMTP_URL, else outbox; production refuses outbox.
     */
    MAIL_TRANSPORT: z.enum(["smtp", "log", "outbox"]).optional(),
    MAIL_FROM: z.string().min(3).default("Utmost <no-reply@utmost.local>"),
    DEMO_MODE: booleanFlag.optional(),
    /**
     * How many reverse proxies stand between the clients and this server. The client address is
     * the one that many hops from the right of X-Forwarded-For: the left-most entry is whatever
     * the client wrote, so trusting it would let anyone pick the address rate limits key on.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Replaced by TRUSTED_PROXY_HOPS: it trusted the left-most X-Forwarded-For (see below). */
    TRUST_PROXY: booleanFlag.optional(),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_EMULATOR_URL: z.url().optional(),
    RUN_WORKER: booleanFlag.default(true),
    ALERTS_ALLOW_PRIVATE_NETWORKS: booleanFlag.optional(),
    ADMIN_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ""),
      )
      .pipe(z.array(z.email("must be a comma-separated list of email addresses")))
      .optional(),
    DODO_PAYMENTS_API_KEY: z.string().min(1).optional(),
    DODO_PAYMENTS_WEBHOOK_KEY: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a Standard Webhooks secret (whsec_...)")
      .optional(),
    DODO_PAYMENTS_ENVIRONMENT: z.enum(["test_mode", "live_mode"]).default("test_mode"),
    DODO_PAYMENTS_BASE_URL: z.url().optional(),
    DODO_PRODUCT_PRO: z.string().min(1).optional(),
    DODO_PRODUCT_ADVANCED: z.string().min(1).optional(),
    DODO_PRODUCT_AGENCY: z.string().min(1).optional(),
    /**
     * The Dodo add-on sold as one extra analytics property (spec §9: $10/month), attached to the
     * three paid products. Unset: add-on properties are not sold (ADR 025).
     */
    DODO_ADDON_EXTRA_PROPERTY: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.TRUST_PROXY) {
      // Refused rather than read as one hop: a deployment behind two proxies would silently
      // key every client on its inner proxy's address. Saying so once is cheaper.
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message:
          "is replaced by TRUSTED_PROXY_HOPS: set it to the number of reverse proxies in front of this server (1 for one proxy) and remove TRUST_PROXY",
      });
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required with MAIL_TRANSPORT=smtp (smtp://user:password@host:587)",
      });
    }
    if (!env.RUN_WORKER && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["RUN_WORKER"],
        message:
          "can be false only with DATABASE_URL: the embedded database runs its worker in this process (use npm start)",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required when the other Google OAuth client variable is set",
      });
    }
    const dodo = [
      "DODO_PAYMENTS_API_KEY",
      "DODO_PAYMENTS_WEBHOOK_KEY",
      "DODO_PRODUCT_PRO",
      "DODO_PRODUCT_ADVANCED",
      "DODO_PRODUCT_AGENCY",
    ] as const;
    const givenDodo = dodo.filter((name) => env[name] !== undefined);
    if (givenDodo.length > 0 && givenDodo.length < dodo.length) {
      for (const name of dodo.filter((name) => env[name] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "is required when Dodo Payments is configured (any DODO_ variable is set)",
        });
      }
    }
  });

/**
 * Where Google is: real Google with the deployment's OAuth client; a stand-in running on its
 * own (`npm run emulator`); the stand-in mounted in this process at `/google-emulator` (the
 * embedded demo); or nowhere, which turns off Google sign-in and property connections.
 */
export type GoogleConfig =
  | { kind: "google"; clientId: string; clientSecret: string }
  | { kind: "emulator"; url: string; client?: { clientId: string; clientSecret: string } }
  | { kind: "embedded"; url: string }
  | { kind: "disabled" };

/** The path the embedded stand-in is mounted at. */
export const EMBEDDED_GOOGLE_PATH = "/google-emulator";

/**
 * Who sells the plans: Dodo Payments with this deployment's keys (live, or test mode; a base URL
 * points the SDK at a stand-in running on its own); the stand-in mounted in this process at
 * `/dodo-emulator` (the embedded demo, test mode); or nobody, and upgrades say so.
 */
export type BillingConfig =
  | {
      kind: "dodo";
      apiKey: string;
      webhookKey: string;
      mode: "test" | "live";
      baseUrl?: string;
      products: Record<PaidTier, string>;
      /** The add-on sold as an extra property; null when none is sold. */
      extraPropertyAddon: string | null;
    }
  | { kind: "embedded"; url: string; apiKey: string; webhookKey: string }
  | { kind: "disabled" };

/** The path the embedded payments stand-in is mounted at. */
export const EMBEDDED_DODO_PATH = "/dodo-emulator";

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  /** The public origin of the app, used in links sent by mail. */
  appUrl: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  appSecret: string;
  /** Earlier APP_SECRET, still accepted to open tokens it sealed (key rotation). */
  previousAppSecrets: string[];
  /** Where mail goes (MAIL_TRANSPORT); `smtpUrl` is set exactly when it is `smtp`. */
  mailTransport: "smtp" | "log" | "outbox";
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The embedded default: a seeded demo login and the outbox page. */
  demoMode: boolean;
  /** Reverse proxies in front of this server whose X-Forwarded-For entries are believed. */
  trustedProxyHops: number;
  authRateLimit: { max: number; windowSeconds: number };
  /** Public API requests one key may make per minute, counted in PostgreSQL across processes. */
  apiRateLimitPerMinute: number;
  logLevel: Env["LOG_LEVEL"];
  webDistDir: string;
  google: GoogleConfig;
  /**
   * Whether `main.ts` also works the job queue (scans). The embedded default does; a production
   * API process sets RUN_WORKER=false and leaves the jobs to `npm run start:worker`.
   */
  runWorker: boolean;
  /** Users with these emails are system administrators (spec §6), granted at start and sign-up. */
  adminEmails: string[];
  billing: BillingConfig;
  alerts: {
    /**
     * Whether Slack and webhook alerts may go to private, loopback or link-local addresses
     * (ADR 010). Refused in production unless ALERTS_ALLOW_PRIVATE_NETWORKS=true (self-hosting
     * next to the receiver); allowed elsewhere (the embedded demo, development, tests).
     */
    allowPrivateNetworks: boolean;
  };
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  // Every refusal at once, so a deployment is fixed in one pass, not one variable per start.
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(cleaned.NODE_ENV === "production" ? productionRefusals(cleaned) : []),
  ];
  if (!parsed.success || problems.length > 0) {
    const lines = problems.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const port = env.PORT;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const demoMode = env.DEMO_MODE ?? !env.DATABASE_URL;
  const mailTransport = env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : "outbox");
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port,
    host: env.HOST,
    appUrl,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : {
          kind: "pglite",
          // Relative to where the command was typed (npm runs workspace scripts elsewhere).
          dataDir:
            env.DATA_DIR === "memory://"
              ? env.DATA_DIR
              : path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR),
        },
    appSecret: env.APP_SECRET ?? DEMO_SECRET,
    previousAppSecrets: env.APP_SECRET_PREVIOUS ? [env.APP_SECRET_PREVIOUS] : [],
    mailTransport,
    smtpUrl: mailTransport === "smtp" ? env.SMTP_URL : undefined,
    mailFrom: env.MAIL_FROM,
    demoMode,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    authRateLimit: {
      max: env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(source.INIT_CWD ?? process.cwd(), env.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, "../../web/dist"),
    google: googleConfig(env, appUrl, demoMode),
    runWorker: env.RUN_WORKER,
    adminEmails: env.ADMIN_EMAILS ?? [],
    billing: billingConfig(env, appUrl, demoMode),
    alerts: {
      allowPrivateNetworks: env.ALERTS_ALLOW_PRIVATE_NETWORKS ?? env.NODE_ENV !== "production",
    },
  };
}

/**
 * A production start in the demo's shape is refused (issue 21): the demo's public administrator
 * login, its outbox that shows every password-reset link, its stand-ins and its published secret
 * would all be live. Checked on the raw variables, beside the schema, so each is named at once.
 */
function productionRefusals(env: Record<string, string | undefined>): ProductionRefusal[] {
  const refusals: ProductionRefusal[] = [];
  const refuse = (name: string, message: string) => refusals.push({ path: [name], message });
  if (!env.DATABASE_URL) {
    refuse(
      "DATABASE_URL",
      "is required in production: set it to your PostgreSQL server (postgres://user:password@host:5432/utmost); the embedded database is the demo's",
    );
  }
  if (env.MAIL_TRANSPORT === "outbox") {
    refuse(
      "MAIL_TRANSPORT",
      "cannot be outbox in production: nobody reads the database outbox there; set SMTP_URL, or MAIL_TRANSPORT=log to write each mail to the server log",
    );
  } else if (!env.SMTP_URL && env.MAIL_TRANSPORT !== "log") {
    refuse(
      "SMTP_URL",
      "is required in production: set it to your mail server (smtp://user:password@host:587), or set MAIL_TRANSPORT=log to write each mail (password-reset links included) to the server log",
    );
  }
  if (!env.APP_SECRET) {
    refuse(
      "APP_SECRET",
      "is required in production: set it to a random string of at least 32 characters (openssl rand -base64 48)",
    );
  } else if (env.APP_SECRET === DEMO_SECRET) {
    refuse(
      "APP_SECRET",
      "is the demo's published secret, with which anyone can sign a session: set it to a random string of at least 32 characters (openssl rand -base64 48)",
    );
  }
  if (env.DEMO_MODE === "true" || env.DEMO_MODE === "1") {
    refuse(
      "DEMO_MODE",
      "cannot be true in production: the demo seeds a public administrator login and shows every mail at /outbox; remove DEMO_MODE",
    );
  }
  if (env.GOOGLE_EMULATOR_URL) {
    refuse(
      "GOOGLE_EMULATOR_URL",
      "cannot be set in production: it sends sign-in and properties to a Google stand-in; remove it, and set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for Google",
    );
  }
  if (env.DODO_PAYMENTS_BASE_URL && !isDodoPaymentsUrl(env.DODO_PAYMENTS_BASE_URL)) {
    refuse(
      "DODO_PAYMENTS_BASE_URL",
      "points at a payments stand-in, not Dodo Payments, in production: remove it (DODO_PAYMENTS_ENVIRONMENT picks Dodo's test or live API)",
    );
  }
  return refusals;
}

interface ProductionRefusal {
  path: string[];
  message: string;
}

/** Dodo Payments' own API hosts (https://live.dodopayments.com, https://test.dodopayments.com). */
function isDodoPaymentsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && /^(live|test)\.dodopayments\.com$/.test(url.hostname);
  } catch {
    return false;
  }
}

function billingConfig(env: Env, appUrl: string, demoMode: boolean): BillingConfig {
  if (
    env.DODO_PAYMENTS_API_KEY &&
    env.DODO_PAYMENTS_WEBHOOK_KEY &&
    env.DODO_PRODUCT_PRO &&
    env.DODO_PRODUCT_ADVANCED &&
    env.DODO_PRODUCT_AGENCY
  ) {
    return {
      kind: "dodo",
      apiKey: env.DODO_PAYMENTS_API_KEY,
      webhookKey: env.DODO_PAYMENTS_WEBHOOK_KEY,
      mode: env.DODO_PAYMENTS_ENVIRONMENT === "live_mode" ? "live" : "test",
      ...(env.DODO_PAYMENTS_BASE_URL
        ? { baseUrl: env.DODO_PAYMENTS_BASE_URL.replace(/\/$/, "") }
        : {}),
      products: {
        pro: env.DODO_PRODUCT_PRO,
        advanced: env.DODO_PRODUCT_ADVANCED,
        agency: env.DODO_PRODUCT_AGENCY,
      },
      extraPropertyAddon: env.DODO_ADDON_EXTRA_PROPERTY ?? null,
    };
  }
  if (demoMode) {
    // Never secrets: the stand-in lives in this process and only ever takes test payments.
    return {
      kind: "embedded",
      url: `${appUrl}${EMBEDDED_DODO_PATH}`,
      apiKey: "utmost-embedded-dodo-api-key",
      webhookKey: `whsec_${Buffer.from("utmost-embedded-dodo-webhook-key").toString("base64")}`,
    };
  }
  return { kind: "disabled" };
}

function googleConfig(env: Env, appUrl: string, demoMode: boolean): GoogleConfig {
  const client =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined;
  if (env.GOOGLE_EMULATOR_URL) {
    const url = env.GOOGLE_EMULATOR_URL.replace(/\/$/, "");
    return client ? { kind: "emulator", url, client } : { kind: "emulator", url };
  }
  if (client) return { kind: "google", ...client };
  if (demoMode) return { kind: "embedded", url: `${appUrl}${EMBEDDED_GOOGLE_PATH}` };
  return { kind: "disabled" };
}
