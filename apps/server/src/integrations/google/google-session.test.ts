import { describe, expect, it, vi } from "vitest";
import { GoogleError } from "./errors.ts";
import { googleErrorResponse, jsonResponse, scriptedFetch } from "./fake-google.ts";
import { createGoogleSession } from "./google-session.ts";
import type { GoogleTokens } from "./oauth-client.ts";

const START = new Date("2026-11-20T10:00:00Z");
const READONLY = "https://www.googleapis.com/auth/analytics.readonly";

/** A clock tests move by hand. */
function clock(start = START) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A token endpoint stand-in: each refresh issues `ya29.refreshed-<n>` valid for an hour. */
function fakeOAuth(now: () => Date) {
  let issued = 0;
  const refresh = vi.fn(async (refreshToken: string): Promise<GoogleTokens> => {
    if (refreshToken !== "1//refresh") throw new GoogleError("GOOGLE_AUTH_EXPIRED", "revoked");
    await Promise.resolve();
    issued++;
    return {
      accessToken: `ya29.refreshed-${issued}`,
      expiresAt: new Date(now().getTime() + 3_600_000),
      scopes: new Set(),
    };
  });
  return { refresh };
}

/** An API that accepts only the tokens in `valid`. */
function api(valid: Set<string>) {
  return scriptedFetch((request) => {
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    return valid.has(token)
      ? jsonResponse({ ok: true })
      : googleErrorResponse(
          401,
          "UNAUTHENTICATED",
          "Request had invalid authentication credentials.",
        );
  });
}

function tokens(expiresInMs: number, overrides: Partial<GoogleTokens> = {}): GoogleTokens {
  return {
    accessToken: "ya29.first",
    refreshToken: "1//refresh",
    expiresAt: new Date(START.getTime() + expiresInMs),
    scopes: new Set([READONLY]),
    ...overrides,
  };
}

describe("Google session", () => {
  it("sends the access token as a Bearer header and keeps the caller's headers", async () => {
    const time = clock();
    const fake = api(new Set(["ya29.first"]));
    const session = createGoogleSession({
      oauth: fakeOAuth(time.now),
      tokens: tokens(3_600_000),
      fetch: fake.fetch,
      now: time.now,
    });
    const response = await session.fetch("https://analyticsdata.googleapis.com/x", {
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(200);
    expect(fake.requests[0]?.headers.get("authorization")).toBe("Bearer ya29.first");
    expect(fake.requests[0]?.headers.get("accept")).toBe("application/json");
  });

  it("refreshes before a request when the token expires within 5 minutes", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const stored: GoogleTokens[] = [];
    const fake = api(new Set(["ya29.first", "ya29.refreshed-1"]));
    const session = createGoogleSession({
      oauth,
      tokens: tokens(10 * 60_000),
      fetch: fake.fetch,
      now: time.now,
      onTokensRefreshed: (fresh) => {
        stored.push(fresh);
      },
    });
    await session.fetch("https://x.test/a");
    expect(oauth.refresh).not.toHaveBeenCalled();

    time.advance(5 * 60_000 + 1);
    await session.fetch("https://x.test/b");
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests[1]?.headers.get("authorization")).toBe("Bearer ya29.refreshed-1");
    // The refresh answer had no refresh token or scopes: the ones held are kept.
    expect(stored).toEqual([
      expect.objectContaining({
        accessToken: "ya29.refreshed-1",
        refreshToken: "1//refresh",
        scopes: new Set([READONLY]),
      }),
    ]);
    expect(session.tokens.accessToken).toBe("ya29.refreshed-1");
  });

  it("refreshes once on a 401 and sends the request again", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const fake = api(new Set(["ya29.refreshed-1"]));
    const session = createGoogleSession({
      oauth,
      tokens: tokens(3_600_000),
      fetch: fake.fetch,
      now: time.now,
    });
    const response = await session.fetch("https://x.test/a", { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests.map((r) => [r.method, r.body, r.headers.get("authorization")])).toEqual([
      ["POST", "{}", "Bearer ya29.first"],
      ["POST", "{}", "Bearer ya29.refreshed-1"],
    ]);
  });

  it("gives up with GOOGLE_AUTH_EXPIRED when the 401 survives the refresh", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const session = createGoogleSession({
      oauth,
      tokens: tokens(3_600_000),
      fetch: api(new Set()).fetch,
      now: time.now,
    });
    await expect(session.fetch("https://x.test/a")).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
      status: 401,
    });
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh among concurrent callers", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const onTokensRefreshed = vi.fn();
    const fake = api(new Set(["ya29.refreshed-1"]));
    const session = createGoogleSession({
      oauth,
      tokens: tokens(60_000),
      fetch: fake.fetch,
      now: time.now,
      onTokensRefreshed,
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => session.fetch(`https://x.test/${i}`)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
    expect(onTokensRefreshed).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh among concurrent 401s", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const fake = api(new Set(["ya29.refreshed-1"]));
    const session = createGoogleSession({
      oauth,
      tokens: tokens(3_600_000),
      fetch: fake.fetch,
      now: time.now,
    });
    await Promise.all(Array.from({ length: 4 }, () => session.fetch("https://x.test/a")));
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
  });

  it("stops asking Google once the grant is revoked", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const fake = api(new Set());
    const session = createGoogleSession({
      oauth,
      tokens: tokens(60_000, { refreshToken: "1//revoked" }),
      fetch: fake.fetch,
      now: time.now,
    });
    await expect(session.fetch("https://x.test/a")).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
    await expect(session.fetch("https://x.test/b")).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(0);
  });

  it("without a refresh token, uses the token until it expires and then fails", async () => {
    const time = clock();
    const oauth = fakeOAuth(time.now);
    const fake = api(new Set(["ya29.first"]));
    const session = createGoogleSession({
      oauth,
      tokens: tokens(60_000, { refreshToken: undefined }),
      fetch: fake.fetch,
      now: time.now,
    });
    expect((await session.fetch("https://x.test/a")).status).toBe(200);
    time.advance(60_000);
    await expect(session.fetch("https://x.test/a")).rejects.toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
    });
    expect(oauth.refresh).not.toHaveBeenCalled();
  });

  it("returns other statuses to the caller untouched", async () => {
    const time = clock();
    const session = createGoogleSession({
      oauth: fakeOAuth(time.now),
      tokens: tokens(3_600_000),
      fetch: scriptedFetch(() => googleErrorResponse(403, "PERMISSION_DENIED", "No.")).fetch,
      now: time.now,
    });
    expect((await session.fetch("https://x.test/a")).status).toBe(403);
  });
});
