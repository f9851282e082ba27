import { isGoogleError } from "../../integrations/google/index.ts";
import { TokenCipherError } from "../../lib/token-cipher.ts";

/**
 * Why a scan failed, as the user reads it (`audit_scans.error_message`) and as the UI branches on
 * it (`error_code`), and whether trying again can help.
 */
export interface ScanFailureInfo {
  code: string;
  message: string;
  /** Retrying cannot help (a revoked grant, no access): fail at once. */
  permanent: boolean;
  /** The property cannot be scanned until it is reconnected (spec §3 is_active). */
  deactivate: boolean;
}

/** A failure the scan itself decided on, with the user's message. */
export class ScanFailure extends Error {
  readonly info: ScanFailureInfo;

  constructor(info: ScanFailureInfo) {
    super(info.message);
    this.name = "ScanFailure";
    this.info = info;
  }
}

/**
 * The spec's Authentication Expired alert shows on a failed scan whose message mentions expired
 * authentication, reconnecting or UNAUTHENTICATED (spec §4, Scan); this one says all three.
 */
export const AUTH_EXPIRED_MESSAGE =
  "Google authorization expired or was revoked (UNAUTHENTICATED). Reconnect Google Analytics to resume scans.";

export function authExpiredFailure(message = AUTH_EXPIRED_MESSAGE): ScanFailure {
  return new ScanFailure({
    code: "GOOGLE_AUTH_EXPIRED",
    message,
    permanent: true,
    deactivate: true,
  });
}

export function quotaFailure(window: string | undefined): ScanFailure {
  const when = window === "day" ? "tomorrow" : "in an hour";
  return new ScanFailure({
    code: "GOOGLE_QUOTA_EXHAUSTED",
    message: `The Google Analytics quota of this property is used up, so no data could be read. Run the audit again ${when}.`,
    permanent: true,
    deactivate: false,
  });
}

/** Maps whatever a scan threw to what the user is told and whether a retry may help. */
export function describeScanError(error: unknown): ScanFailureInfo {
  if (error instanceof ScanFailure) return error.info;
  if (error instanceof TokenCipherError) {
    return authExpiredFailure(
      "The stored Google authorization could not be opened (UNAUTHENTICATED). Reconnect Google Analytics to resume scans.",
    ).info;
  }
  if (isGoogleError(error)) {
    switch (error.code) {
      case "GOOGLE_AUTH_EXPIRED":
      case "GOOGLE_ACCESS_DENIED":
        return authExpiredFailure().info;
      case "GOOGLE_SCOPE_INSUFFICIENT":
        return {
          code: "GOOGLE_SCOPE_INSUFFICIENT",
          message:
            "Google Analytics read access was not granted (UNAUTHENTICATED). Reconnect Google Analytics and allow read access to resume scans.",
          permanent: true,
          deactivate: true,
        };
      case "GOOGLE_PERMISSION_DENIED":
        return {
          code: "GOOGLE_PERMISSION_DENIED",
          message:
            "Google Analytics denied access to this property: the connected Google account can no longer read it.",
          permanent: true,
          deactivate: false,
        };
      case "GOOGLE_QUOTA_EXHAUSTED":
        return quotaFailure(error.quotaWindow).info;
      case "GOOGLE_INVALID_REQUEST":
        return {
          code: "GOOGLE_INVALID_REQUEST",
          message: `Google Analytics refused the scan's report request${error.googleMessage ? `: ${error.googleMessage}` : "."}`,
          permanent: true,
          deactivate: false,
        };
      case "GOOGLE_UNAVAILABLE":
      case "GOOGLE_BAD_RESPONSE":
        return {
          code: error.code,
          message:
            "Google Analytics did not answer properly after several attempts. Run the audit again later.",
          permanent: false,
          deactivate: false,
        };
    }
  }
  return {
    code: "SCAN_FAILED",
    message: "The scan failed unexpectedly. Run the audit again.",
    permanent: false,
    deactivate: false,
  };
}

/** A scan whose job ran out of attempts without the scan itself recording why. */
export const INTERRUPTED_FAILURE: ScanFailureInfo = {
  code: "SCAN_INTERRUPTED",
  message:
    "The scan was interrupted (its worker stopped or ran out of time) and did not finish after several attempts. Run the audit again.",
  permanent: true,
  deactivate: false,
};
