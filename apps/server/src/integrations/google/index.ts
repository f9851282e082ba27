export {
  ADMIN_MAX_PAGE_SIZE,
  createGoogleAdminClient,
  type GoogleAdminClient,
  type GoogleAdminClientOptions,
  normaliseStreamHost,
} from "./admin-client.ts";
export {
  createGoogleDataClient,
  DEFAULT_QUOTA_RESERVE,
  type GoogleDataClient,
  type GoogleDataClientOptions,
  MAX_REPORT_PAGE_SIZE,
  type ReportPage,
  type ReportQuery,
} from "./data-client.ts";
export { emulatorEndpoints, GOOGLE_ENDPOINTS, type GoogleEndpoints } from "./endpoints.ts";
export {
  GOOGLE_ERROR_CODES,
  GoogleError,
  type GoogleErrorCode,
  isGoogleError,
  type QuotaWindow,
} from "./errors.ts";
export {
  createGoogleSession,
  EAGER_REFRESH_MARGIN_MS,
  type GoogleSession,
  type GoogleSessionOptions,
  type StoredGoogleTokens,
} from "./google-session.ts";
export {
  type AuthorizationResponse,
  type AuthorizationUrlParams,
  createGoogleOAuthClient,
  createOAuthState,
  createPkcePair,
  GOOGLE_OAUTH_SCOPES,
  type GoogleOAuthClient,
  type GoogleOAuthClientOptions,
  type GoogleTokens,
  hasAnalyticsScope,
  type PkcePair,
} from "./oauth-client.ts";
export { ObjectReportRows, type ReportRows } from "./report-table.ts";
export type { RetryOptions } from "./retry.ts";
export { RowKeys } from "./row-keys.ts";
