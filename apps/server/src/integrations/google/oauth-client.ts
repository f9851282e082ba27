import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  GA4_READONLY_SCOPE,
  GoogleTokenErrorSchema,
  type GoogleTokenResponse,
  GoogleTokenResponseSchema,
  type GoogleUserInfo,
  GoogleUserInfoSchema,
} from "@utmost/contracts";
import type { GoogleEndpoints } from "./endpoints.ts";
import { authExpired, classifyApiError, GoogleError, isRetryableStatus } from "./errors.ts";
import { parseBody, readJson, send } from "./http.ts";
import {
  parseRetryAfter,
  type RetryOptions,
  retryPolicy,
  TransientFailure,
  withRetry,
} from "./retry.ts";

/**
 * Google's OAuth 2.0 web-server flow with PKCE (ga4-protocol.md §1): the consent URL, the code
 * exchange, refresh and revocation, against whichever endpoints the configuration names.
 */

/** Sign in with Google plus read access to GA4 (§1.2). */
export const GOOGLE_OAUTH_SCOPES = ["openid", "email", "profile", GA4_READONLY_SCOPE] as const;

const FULL_ANALYTICS_SCOPE = "https://www.googleapis.com/auth/analytics";
const ANALYTICS_EDIT_SCOPE = "https://www.googleapis.com/auth/analytics.edit";

export interface GoogleTokens {
  accessToken: string;
  /** Only from a consent with `access_type=offline`; refreshes keep the one already held. */
  refreshToken?: string;
  expiresAt: Date;
  /** What the user actually granted: granular consent lets them untick scopes (§1.3). */
  scopes: Set<string>;
  idToken?: string;
}

/**
 * Whether the grant can read both APIs: analytics.readonly covers the Admin and Data API reads;
 * otherwise the Data API needs `analytics` and the Admin API `analytics.edit` (§2, §3).
 */
export function hasAnalyticsScope(scopes: Iterable<string>): boolean {
  const granted = new Set(scopes);
  return (
    granted.has(GA4_READONLY_SCOPE) ||
    (granted.has(FULL_ANALYTICS_SCOPE) && granted.has(ANALYTICS_EDIT_SCOPE))
  );
}

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: "S256";
}

/** RFC 7636: a 43-128 character verifier and its base64url SHA-256 (§1.2). */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(64).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier), method: "S256" };
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** An unguessable `state` for CSRF protection on the redirect back (§1.2). */
export function createOAuthState(): string {
  return randomBytes(32).toString("base64url");
}

export interface AuthorizationUrlParams {
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string;
  loginHint?: string;
  /** `offline` returns a refresh token, which background scans need. */
  accessType?: "offline" | "online";
  /** `consent` forces a new refresh token even for a user who consented before (§1.2). */
  prompt?: "consent" | "select_account" | "none" | "select_account consent";
  includeGrantedScopes?: boolean;
}

export interface AuthorizationResponse {
  code: string;
  /** Granted scopes when Google lists them on the redirect; the token response is authoritative. */
  scopes: Set<string> | undefined;
}

export interface GoogleOAuthClientOptions {
  endpoints: GoogleEndpoints;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  retry?: RetryOptions;
  timeoutMs?: number;
}

export interface GoogleOAuthClient {
  authorizationUrl(params: AuthorizationUrlParams): string;
  /** Reads the redirect back: the code, or GOOGLE_ACCESS_DENIED when the user pressed Deny. */
  readAuthorizationResponse(
    query: URLSearchParams | Record<string, string | undefined>,
    expectedState: string,
  ): AuthorizationResponse;
  exchangeCode(params: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<GoogleTokens>;
  /** Revokes the grant behind an access or refresh token; an already dead token counts as done. */
  revoke(token: string): Promise<void>;
  userInfo(accessToken: string): Promise<GoogleUserInfo>;
}

export function createGoogleOAuthClient(options: GoogleOAuthClientOptions): GoogleOAuthClient {
  const { endpoints, clientId, clientSecret } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const retry = retryPolicy(options.retry);
  const timeoutMs = options.timeoutMs ?? 30_000;

  function toTokens(body: GoogleTokenResponse, issuedAt: Date): GoogleTokens {
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: new Date(issuedAt.getTime() + body.expires_in * 1000),
      scopes: parseScopes(body.scope),
      idToken: body.id_token,
    };
  }

  /** One token-endpoint call; 5xx and network failures are retried, like every Google call. */
  async function tokenRequest(form: Record<string, string>): Promise<GoogleTokens> {
    return withRetry(retry, async () => {
      const issuedAt = now();
      const response = await send(fetchImpl, endpoints.tokenUrl, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await readJson(response);
      if (response.ok) {
        return toTokens(parseBody(GoogleTokenResponseSchema, body, "token response"), issuedAt);
      }
      throw tokenEndpointError(response, body, now());
    });
  }

  return {
    authorizationUrl(params) {
      const url = new URL(endpoints.authorizationUrl);
      const query: Record<string, string> = {
        client_id: clientId,
        redirect_uri: params.redirectUri,
        response_type: "code",
        scope: params.scopes.join(" "),
        access_type: params.accessType ?? "offline",
        prompt: params.prompt ?? "consent",
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: "S256",
      };
      if (params.includeGrantedScopes ?? true) query.include_granted_scopes = "true";
      if (params.loginHint) query.login_hint = params.loginHint;
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.toString();
    },

    readAuthorizationResponse(query, expectedState) {
      const params =
        query instanceof URLSearchParams
          ? query
          : new URLSearchParams(
              Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]),
            );
      if (!sameState(params.get("state"), expectedState)) {
        throw new GoogleError("GOOGLE_INVALID_REQUEST", "OAuth state does not match this sign-in");
      }
      const error = params.get("error");
      if (error === "access_denied") {
        throw new GoogleError("GOOGLE_ACCESS_DENIED", "Google Analytics access was denied", {
          googleStatus: error,
        });
      }
      if (error) {
        throw new GoogleError("GOOGLE_INVALID_REQUEST", `Google authorization failed: ${error}`, {
          googleStatus: error,
        });
      }
      const code = params.get("code");
      if (!code) {
        throw new GoogleError("GOOGLE_INVALID_REQUEST", "Google sent no authorization code");
      }
      const scope = params.get("scope");
      return { code, scopes: scope === null ? undefined : parseScopes(scope) };
    },

    exchangeCode({ code, redirectUri, codeVerifier }) {
      return tokenRequest({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
    },

    refresh(refreshToken) {
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async revoke(token) {
      const url = new URL(endpoints.revokeUrl);
      url.searchParams.set("token", token);
      await withRetry(retry, async () => {
        // §1.8: POST with the token in the query string and no body; GET answers 404.
        const response = await send(fetchImpl, url.toString(), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await readJson(response);
        if (response.ok) return;
        const parsed = GoogleTokenErrorSchema.safeParse(body);
        if (parsed.success && parsed.data.error === "invalid_token") return;
        throw tokenEndpointError(response, body, now());
      });
    },

    async userInfo(accessToken) {
      return withRetry(retry, async () => {
        const response = await send(fetchImpl, endpoints.userInfoUrl, {
          headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = await readJson(response);
        if (response.ok) return parseBody(GoogleUserInfoSchema, body, "userinfo response");
        const classified = classifyApiError(response.status, body);
        if (classified.retryable) throw new TransientFailure(classified.error);
        throw classified.error;
      });
    },
  };
}

export function parseScopes(scope: string | undefined): Set<string> {
  return new Set((scope ?? "").split(/\s+/).filter(Boolean));
}

function sameState(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Maps the flat RFC 6749 error body (§1.7). */
function tokenEndpointError(response: Response, body: unknown, now: Date): Error {
  const parsed = GoogleTokenErrorSchema.safeParse(body);
  const googleStatus = parsed.success ? parsed.data.error : undefined;
  const googleMessage = parsed.success ? parsed.data.error_description : undefined;
  const details = { status: response.status, googleStatus, googleMessage };
  if (googleStatus === "invalid_grant") return authExpired(details);
  if (response.status >= 500 || response.status === 429) {
    const final = new GoogleError(
      "GOOGLE_UNAVAILABLE",
      `Google's token endpoint is unavailable (HTTP ${response.status})`,
      details,
    );
    return isRetryableStatus(response.status)
      ? new TransientFailure(final, parseRetryAfter(response.headers.get("retry-after"), now))
      : final;
  }
  const said = googleStatus ? `: ${googleStatus}${googleMessage ? ` (${googleMessage})` : ""}` : "";
  return new GoogleError(
    "GOOGLE_INVALID_REQUEST",
    `Google's token endpoint refused the request${said}`,
    details,
  );
}
