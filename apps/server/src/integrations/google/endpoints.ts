/**
 * Where the client talks to Google. Every URL comes from here, so the same client code runs
 * against real Google in production and against the emulator in development and tests.
 */
export interface GoogleEndpoints {
  /** The consent page the browser is sent to (ga4-protocol.md §1.1). */
  authorizationUrl: string;
  /** Code exchange and refresh, form-encoded POST (§1.4). */
  tokenUrl: string;
  /** POST with `?token=` (§1.8). */
  revokeUrl: string;
  userInfoUrl: string;
  discoveryUrl: string;
  /** Root of the Admin API; paths start at `/v1beta/...` (§2). */
  adminApiBaseUrl: string;
  /** Root of the Data API; paths start at `/v1beta/...` (§3). */
  dataApiBaseUrl: string;
}

/** Google's production endpoints (ga4-protocol.md §1.1, §2, §3). */
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  revokeUrl: "https://oauth2.googleapis.com/revoke",
  userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
  discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
  adminApiBaseUrl: "https://analyticsadmin.googleapis.com",
  dataApiBaseUrl: "https://analyticsdata.googleapis.com",
};

/** The emulator serves Google's paths, all under one root (`packages/google-emulator`). */
export function emulatorEndpoints(baseUrl: string): GoogleEndpoints {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    authorizationUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    userInfoUrl: `${base}/v1/userinfo`,
    discoveryUrl: `${base}/.well-known/openid-configuration`,
    adminApiBaseUrl: base,
    dataApiBaseUrl: base,
  };
}
