import type { GoogleApiError } from "../google-error.ts";
import { PERMISSION_DENIED_PROPERTY, UNAUTHENTICATED } from "../google-error.ts";
import type { ExhaustedBucket } from "../state/quota.ts";

/**
 * The Admin/Data API errors the HTTP layer produces (ga4-protocol.md §3.10), beside the ones in
 * `google-error.ts` that the API functions themselves return.
 */

/** Which RPC a request reached, as Google names it in ErrorInfo metadata. */
export interface ApiMethod {
  service: "analyticsadmin.googleapis.com" | "analyticsdata.googleapis.com";
  method: string;
}

const ADMIN = "google.analytics.admin.v1beta.AnalyticsAdminService";
const DATA = "google.analytics.data.v1beta.BetaAnalyticsData";

export const API_METHODS = {
  listAccountSummaries: {
    service: "analyticsadmin.googleapis.com",
    method: `${ADMIN}.ListAccountSummaries`,
  },
  getProperty: { service: "analyticsadmin.googleapis.com", method: `${ADMIN}.GetProperty` },
  listDataStreams: { service: "analyticsadmin.googleapis.com", method: `${ADMIN}.ListDataStreams` },
  runReport: { service: "analyticsdata.googleapis.com", method: `${DATA}.RunReport` },
  batchRunReports: { service: "analyticsdata.googleapis.com", method: `${DATA}.BatchRunReports` },
  getMetadata: { service: "analyticsdata.googleapis.com", method: `${DATA}.GetMetadata` },
  checkCompatibility: {
    service: "analyticsdata.googleapis.com",
    method: `${DATA}.CheckCompatibility`,
  },
} as const satisfies Record<string, ApiMethod>;

function errorInfo(reason: string, api: ApiMethod): Record<string, unknown> {
  return {
    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
    reason,
    domain: "googleapis.com",
    metadata: { service: api.service, method: api.method },
  };
}

/** No token at all: Google's "missing required authentication credential" (§3.10). */
export function credentialsMissing(api: ApiMethod): GoogleApiError {
  return {
    code: 401,
    status: "UNAUTHENTICATED",
    message:
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    details: [errorInfo("CREDENTIALS_MISSING", api)],
  };
}

export function scopeInsufficient(api: ApiMethod): GoogleApiError {
  return {
    code: 403,
    status: "PERMISSION_DENIED",
    message: "Request had insufficient authentication scopes.",
    details: [errorInfo("ACCESS_TOKEN_SCOPE_INSUFFICIENT", api)],
  };
}

/**
 * 429 for a spent bucket. Only the first sentence is consistent across captured replies
 * (ga4-protocol.md §7 flag 3); the second is the variant seen most often.
 */
export function quotaExhausted(bucket: ExhaustedBucket): GoogleApiError {
  const messages: Record<ExhaustedBucket, string> = {
    day: "Exhausted property tokens per day. These quota tokens will return in under 24 hours.",
    hour: "Exhausted property tokens per hour. These quota tokens will return in under an hour.",
    "project-hour":
      "Exhausted property tokens per hour for a project per property. These quota tokens will return in under an hour.",
    // The next three as a public GA4 connector (Airbyte's source-google-analytics-data-api)
    // matches them; the server-errors wording is the stand-in's own (google-open-questions.md).
    concurrent: "Exhausted concurrent requests quota.",
    "server-errors":
      "Exhausted server errors per project per property per hour quota. These quota tokens will return in under an hour.",
    thresholded:
      "Exhausted potentially thresholded requests quota. These quota tokens will return in under an hour.",
  };
  return { code: 429, status: "RESOURCE_EXHAUSTED", message: messages[bucket] };
}

export const INTERNAL: GoogleApiError = {
  code: 500,
  status: "INTERNAL",
  message: "Internal error encountered.",
};

/** The envelope a scripted failure (`failNext`) answers with, by HTTP status. */
export function errorForStatus(status: number): GoogleApiError {
  switch (status) {
    case 400:
      return {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: "Request contains an invalid argument.",
      };
    case 401:
      return UNAUTHENTICATED;
    case 403:
      return PERMISSION_DENIED_PROPERTY;
    case 404:
      return { code: 404, status: "NOT_FOUND", message: "Requested entity was not found." };
    case 409:
      return { code: 409, status: "ABORTED", message: "The operation was aborted." };
    case 429:
      return quotaExhausted("hour");
    case 500:
      return INTERNAL;
    case 501:
      return { code: 501, status: "UNIMPLEMENTED", message: "Operation is not implemented." };
    case 503:
      return { code: 503, status: "UNAVAILABLE", message: "The service is currently unavailable." };
    case 504:
      return { code: 504, status: "DEADLINE_EXCEEDED", message: "The request timed out." };
    default:
      return {
        code: status,
        status: status >= 500 ? "UNKNOWN" : "FAILED_PRECONDITION",
        message: "Request failed.",
      };
  }
}
