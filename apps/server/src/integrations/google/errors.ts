import {
  GOOGLE_ERROR_INFO_TYPE,
  type GoogleApiErrorResponse,
  GoogleApiErrorResponseSchema,
  GoogleErrorInfoSchema,
} from "@utmost/contracts";

/** Every way a call to Google can fail, as callers branch on it (never on message text). */
export const GOOGLE_ERROR_CODES = [
  /** The grant is gone: `invalid_grant` on refresh, or a 401 that survives one refresh. */
  "GOOGLE_AUTH_EXPIRED",
  /** The user pressed Deny on the consent page. */
  "GOOGLE_ACCESS_DENIED",
  /** The token lacks analytics.readonly (the user unticked it on the consent page). */
  "GOOGLE_SCOPE_INSUFFICIENT",
  /** The user has no access to the property (or it does not exist). */
  "GOOGLE_PERMISSION_DENIED",
  /** The property's token quota is spent; `quotaWindow` says which one. */
  "GOOGLE_QUOTA_EXHAUSTED",
  /** Google refused the request as malformed; `googleMessage` says why. */
  "GOOGLE_INVALID_REQUEST",
  /** 5xx or network failures beyond the retry budget. */
  "GOOGLE_UNAVAILABLE",
  /** A response that is not JSON or does not match Google's documented shape. */
  "GOOGLE_BAD_RESPONSE",
] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];

/**
 * Which quota ran out (ga4-protocol.md §3.8): the property's hourly or daily tokens, this
 * project's hourly share of the property, or another limit (concurrent requests, server errors)
 * that outlasted the retry budget.
 */
export type QuotaWindow = "hour" | "day" | "project-hour" | "other";

export interface GoogleErrorDetails {
  /** HTTP status of Google's answer, when there was one. */
  status?: number;
  /** Google's canonical status name (PERMISSION_DENIED) or OAuth error code (invalid_grant). */
  googleStatus?: string;
  /** Google's own message; never holds a token. */
  googleMessage?: string;
  /** `ErrorInfo.reason`, e.g. ACCESS_TOKEN_SCOPE_INSUFFICIENT. */
  reason?: string;
  quotaWindow?: QuotaWindow;
  cause?: unknown;
}

export class GoogleError extends Error {
  readonly code: GoogleErrorCode;
  readonly status: number | undefined;
  readonly googleStatus: string | undefined;
  readonly googleMessage: string | undefined;
  readonly reason: string | undefined;
  readonly quotaWindow: QuotaWindow | undefined;

  constructor(code: GoogleErrorCode, message: string, details: GoogleErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "GoogleError";
    this.code = code;
    this.status = details.status;
    this.googleStatus = details.googleStatus;
    this.googleMessage = details.googleMessage;
    this.reason = details.reason;
    this.quotaWindow = details.quotaWindow;
  }
}

export function isGoogleError(error: unknown, code?: GoogleErrorCode): error is GoogleError {
  return error instanceof GoogleError && (code === undefined || error.code === code);
}

/**
 * The scan's error message is shown to the user, and the spec raises the "Authentication Expired"
 * alert on a message that mentions expired authentication or reconnecting (spec §"Scan").
 */
export function authExpired(details: GoogleErrorDetails = {}): GoogleError {
  return new GoogleError(
    "GOOGLE_AUTH_EXPIRED",
    "Google authentication expired or was revoked; reconnect Google Analytics",
    details,
  );
}

const SCOPE_INSUFFICIENT_REASON = "ACCESS_TOKEN_SCOPE_INSUFFICIENT";

/**
 * Google tells token exhaustion from other 429s only in the message text (§3.10: "Exhausted
 * property tokens per hour", "... per day", "... per hour for a project per property"); the
 * status is RESOURCE_EXHAUSTED for all of them. Anything else (concurrent requests) passes soon.
 */
export function tokenQuotaWindow(message: string): Exclude<QuotaWindow, "other"> | undefined {
  if (/tokens per hour for a project/i.test(message)) return "project-hour";
  if (/exhausted property tokens per day/i.test(message)) return "day";
  if (/exhausted property tokens per hour/i.test(message)) return "hour";
  return undefined;
}

/** What a failed API answer means, and whether waiting and sending it again can help. */
export interface ClassifiedApiError {
  error: GoogleError;
  retryable: boolean;
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Statuses worth sending again after a wait; 429 only when it is not token exhaustion. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Maps a non-2xx answer of the Admin or Data API (envelope of §0/§3.10) to a GoogleError. The
 * body may be anything: proxies in front of Google answer 502s in HTML.
 */
export function classifyApiError(status: number, body: unknown): ClassifiedApiError {
  const parsed = GoogleApiErrorResponseSchema.safeParse(body);
  const envelope: GoogleApiErrorResponse["error"] | undefined = parsed.success
    ? parsed.data.error
    : undefined;
  const details: GoogleErrorDetails = {
    status,
    googleStatus: envelope?.status,
    googleMessage: envelope?.message,
    reason: errorInfoReason(envelope),
  };
  const said = envelope?.message ? `: ${envelope.message}` : "";

  if (status === 401) return { error: authExpired(details), retryable: false };
  if (status === 403) {
    if (details.reason === SCOPE_INSUFFICIENT_REASON) {
      return {
        error: new GoogleError(
          "GOOGLE_SCOPE_INSUFFICIENT",
          "Google Analytics read access was not granted; reconnect and allow it",
          details,
        ),
        retryable: false,
      };
    }
    return {
      error: new GoogleError("GOOGLE_PERMISSION_DENIED", `Google denied access${said}`, details),
      retryable: false,
    };
  }
  // The Admin API answers NOT_FOUND for a property that is gone; to the user it is the same as
  // one they lost access to ("Analytics property not found").
  if (status === 404) {
    return {
      error: new GoogleError(
        "GOOGLE_PERMISSION_DENIED",
        `Google found no such resource${said}`,
        details,
      ),
      retryable: false,
    };
  }
  if (status === 429) {
    const window = tokenQuotaWindow(envelope?.message ?? "");
    return {
      error: new GoogleError("GOOGLE_QUOTA_EXHAUSTED", `Google Analytics quota exhausted${said}`, {
        ...details,
        quotaWindow: window ?? "other",
      }),
      retryable: window === undefined,
    };
  }
  if (status >= 500) {
    return {
      error: new GoogleError(
        "GOOGLE_UNAVAILABLE",
        `Google is unavailable (HTTP ${status})${said}`,
        details,
      ),
      retryable: isRetryableStatus(status),
    };
  }
  return {
    error: new GoogleError(
      "GOOGLE_INVALID_REQUEST",
      `Google rejected the request (HTTP ${status})${said}`,
      details,
    ),
    retryable: false,
  };
}

function errorInfoReason(
  envelope: GoogleApiErrorResponse["error"] | undefined,
): string | undefined {
  for (const detail of envelope?.details ?? []) {
    if (detail["@type"] !== GOOGLE_ERROR_INFO_TYPE) continue;
    const info = GoogleErrorInfoSchema.safeParse(detail);
    if (info.success) return info.data.reason;
  }
  return undefined;
}
