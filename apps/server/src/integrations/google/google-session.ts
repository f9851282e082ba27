import { authExpired, classifyApiError, type GoogleError, isGoogleError } from "./errors.ts";
import { readJson } from "./http.ts";
import type { GoogleOAuthClient, GoogleTokens } from "./oauth-client.ts";

/** Refresh this long before expiry, as google-auth-library does (ga4-protocol.md §1.9). */
export const EAGER_REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** Tokens as stored with a data source; the scopes are not always kept. */
export type StoredGoogleTokens = Omit<GoogleTokens, "scopes"> & { scopes?: Set<string> };

export interface GoogleSessionOptions {
  oauth: Pick<GoogleOAuthClient, "refresh">;
  tokens: StoredGoogleTokens;
  /** Called after each refresh so the caller can store the new tokens (encrypted). */
  onTokensRefreshed?: (tokens: GoogleTokens) => void | Promise<void>;
  fetch?: typeof fetch;
  now?: () => Date;
  refreshMarginMs?: number;
}

/** One grant's tokens, kept fresh, lending a Bearer header to each API request. */
export interface GoogleSession {
  /**
   * `fetch` with `Authorization: Bearer`. Refreshes first when the token is about to expire, and
   * once more on a 401, then sends again; a 401 after that is GOOGLE_AUTH_EXPIRED. Any other
   * answer is returned as is.
   */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** A token valid for at least the refresh margin. */
  accessToken(): Promise<string>;
  /** Refreshes now; callers at the same time share one token-endpoint call. */
  refresh(): Promise<GoogleTokens>;
  readonly tokens: GoogleTokens;
}

export function createGoogleSession(options: GoogleSessionOptions): GoogleSession {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const margin = options.refreshMarginMs ?? EAGER_REFRESH_MARGIN_MS;
  let current: GoogleTokens = { ...options.tokens, scopes: options.tokens.scopes ?? new Set() };
  let inFlight: Promise<GoogleTokens> | undefined;
  // Once Google says the grant is dead, later calls fail without asking again.
  let revoked: GoogleError | undefined;

  async function doRefresh(refreshToken: string): Promise<GoogleTokens> {
    try {
      const fresh = await options.oauth.refresh(refreshToken);
      current = {
        ...fresh,
        // Refresh responses normally carry neither a new refresh token nor always the scopes.
        refreshToken: fresh.refreshToken ?? refreshToken,
        scopes: fresh.scopes.size > 0 ? fresh.scopes : current.scopes,
      };
      await options.onTokensRefreshed?.(current);
      return current;
    } catch (error) {
      if (isGoogleError(error, "GOOGLE_AUTH_EXPIRED")) revoked = error;
      throw error;
    } finally {
      inFlight = undefined;
    }
  }

  function refresh(): Promise<GoogleTokens> {
    if (revoked) return Promise.reject(revoked);
    const refreshToken = current.refreshToken;
    if (!refreshToken) return Promise.reject(authExpired());
    inFlight ??= doRefresh(refreshToken);
    return inFlight;
  }

  async function accessToken(): Promise<string> {
    if (revoked) throw revoked;
    const remaining = current.expiresAt.getTime() - now().getTime();
    if (remaining > margin) return current.accessToken;
    if (current.refreshToken) return (await refresh()).accessToken;
    if (remaining <= 0) throw authExpired();
    return current.accessToken;
  }

  function withBearer(init: RequestInit | undefined, token: string): RequestInit {
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return { ...init, headers };
  }

  return {
    async fetch(url, init) {
      const used = await accessToken();
      const first = await fetchImpl(url, withBearer(init, used));
      if (first.status !== 401) return first;
      await first.body?.cancel();
      // Another request may have refreshed since this one read the token; then reuse theirs.
      const retryToken =
        current.accessToken === used ? (await refresh()).accessToken : current.accessToken;
      const second = await fetchImpl(url, withBearer(init, retryToken));
      if (second.status !== 401) return second;
      throw classifyApiError(401, await readJson(second)).error;
    },
    accessToken,
    refresh,
    get tokens() {
      return current;
    },
  };
}
