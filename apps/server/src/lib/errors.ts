import type { ErrorResponse } from "@utmost/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/errors.ts";

/** How long a client is told to wait when the database is out of reach (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Codes map to HTTP statuses in one place; callers never branch on message text. */
const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  /** A payment provider webhook whose Standard Webhooks signature does not verify (ADR 011). */
  INVALID_SIGNATURE: 401,
  FORBIDDEN: 403,
  /** A state-changing request with cookies sent by another site's page (lib/cross-site.ts). */
  CROSS_SITE_REQUEST: 403,
  /** The account is scheduled for deletion: only recovery, export and /api/me answer. */
  ACCOUNT_PENDING_DELETION: 403,
  /** An unverified address asks for something that mails others or grants rights (auth/email-verification.ts). */
  EMAIL_NOT_VERIFIED: 403,
  /** A password that re-confirms a sensitive action (account deletion) does not match. */
  INVALID_PASSWORD: 400,
  /** The signed-in email is not the invited one (spec §5, compared ignoring case). */
  EMAIL_MISMATCH: 403,
  /** The workspace owner's plan has no analytics property left (spec §5, §8). */
  DATA_SOURCE_LIMIT_REACHED: 403,
  /**
   * The workspace owner's plan does not sell the feature (spec §9 Plans: alert channels, CSV
   * exports); the message names the cheapest plan that does.
   */
  PLAN_UPGRADE_REQUIRED: 403,
  /** A property the owner's plan has paused after a downgrade (billing/property-limit.ts). */
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DATA_SOURCE_ALREADY_CONNECTED: 409,
  /** Spec §4: only an active issue can be muted or resolved. */
  ISSUE_NOT_ACTIVE: 409,
  /** ADR 010: an alert destination in a private, loopback or link-local network. */
  ALERT_DESTINATION_NOT_ALLOWED: 400,
  ALREADY_MEMBER: 409,
  /** Checkout for a plan the user already pays for, or a second paid plan beside it. */
  ALREADY_SUBSCRIBED: 409,
  /** Account deletion while a paid plan still renews: cancel it first (Settings → Billing). */
  PAID_PLAN_ACTIVE: 409,
  INVITATION_ALREADY_PENDING: 409,
  /** A workspace holds at most MAX_ACTIVE_API_KEYS keys that are not revoked (ADR 012). */
  API_KEY_LIMIT_REACHED: 409,
  /** Public API: the property already has a running audit (one at a time); its id is in the message. */
  AUDIT_ALREADY_RUNNING: 409,
  /** Public API: the property lost its Google access and must be reconnected in the app first. */
  PROPERTY_INACTIVE: 409,
  /** Spec §4: only a pending invitation can be accepted or declined. */
  INVITATION_NOT_PENDING: 409,
  /** Issue 21: an email alert's recipient outside the workspace has not confirmed the link yet. */
  ALERT_RECIPIENT_UNCONFIRMED: 409,
  INVITATION_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Google answered with an error or not at all; the message says what the user lost. */
  GOOGLE_REQUEST_FAILED: 502,
  /** The mail server refused or was unreachable; nothing was kept. */
  MAIL_DELIVERY_FAILED: 502,
  /** A test alert's destination refused it or did not answer; the message says how. */
  ALERT_DELIVERY_FAILED: 502,
  /** The payment provider refused or did not answer; nothing changed. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** This deployment sells no plans (env.ts BillingConfig "disabled"). */
  BILLING_NOT_CONFIGURED: 503,
  /** This deployment has no Google OAuth client (env.ts GoogleConfig "disabled"). */
  GOOGLE_NOT_CONFIGURED: 503,
  /** PostgreSQL could not be reached or dropped the connection (db/errors.ts): try again shortly. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;
type Issue = NonNullable<ErrorResponse["error"]["issues"]>[number];

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly issues: Issue[] | undefined;

  constructor(code: AppErrorCode, message: string, issues?: Issue[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }

  static fromZod(error: ZodError): AppError {
    const issues = error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    return new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", issues);
  }
}

/** A 429 that says when to try again: the error handler adds Retry-After (RFC 9110 §10.2.3). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super("RATE_LIMITED", message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function errorBody(code: string, message: string, issues?: Issue[]): ErrorResponse {
  return { error: issues ? { code, message, issues } : { code, message } };
}

/** The single error handler: AppError, schema and parser errors become 4xx; the rest a bare 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Invalid value",
      }));
      return reply
        .status(400)
        .send(errorBody("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", issues));
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
      return reply.status(400).send(errorBody("INVALID_JSON", "Request body is not valid JSON"));
    }
    if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply.status(400).send(errorBody("INVALID_JSON", "Request body is empty"));
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply
        .status(415)
        .send(errorBody("UNSUPPORTED_MEDIA_TYPE", "Content type must be application/json"));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE", "Request body is too large"));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody("RATE_LIMITED", error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code =
        error.statusCode === 403
          ? "FORBIDDEN"
          : error.statusCode === 404
            ? "NOT_FOUND"
            : "BAD_REQUEST";
      return reply.status(error.statusCode).send(errorBody(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            "DATABASE_UNAVAILABLE",
            "The service is briefly unavailable. Please try again in a moment.",
          ),
        );
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody("INTERNAL", "Something went wrong on our side"));
  });
}
