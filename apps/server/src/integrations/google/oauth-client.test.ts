import { describe, expect, it } from "vitest";
import { emulatorEndpoints, GOOGLE_ENDPOINTS } from "./endpoints.ts";
import { jsonResponse, scriptedFetch } from "./fake-google.ts";
import {
  createGoogleOAuthClient,
  createPkcePair,
  GOOGLE_OAUTH_SCOPES,
  hasAnalyticsScope,
  pkceChallenge,
} from "./oauth-client.ts";

const NOW = new Date("2026-11-20T10:00:00Z");
const READONLY = "https://www.googleapis.com/auth/analytics.readonly";

function client(route: Parameters<typeof scriptedFetch>[0]) {
  const fake = scriptedFetch(route);
  const oauth = createGoogleOAuthClient({
    endpoints: GOOGLE_ENDPOINTS,
    clientId: "123-abc.apps.googleusercontent.com",
    clientSecret: "s3cret",
    fetch: fake.fetch,
    now: () => NOW,
    retry: { sleep: async () => {}, random: () => 0 },
  });
  return { oauth, requests: fake.requests };
}

const tokenBody = {
  access_token: "ya29.access",
  expires_in: 3599,
  refresh_token: "1//refresh",
  scope: `openid https://www.googleapis.com/auth/userinfo.email ${READONLY}`,
  token_type: "Bearer",
  id_token: "eyJ.id.token",
};

describe("endpoints", () => {
  it("puts every Google path under the emulator's root", () => {
    expect(emulatorEndpoints("http://127.0.0.1:4100/")).toEqual({
      authorizationUrl: "http://127.0.0.1:4100/o/oauth2/v2/auth",
      tokenUrl: "http://127.0.0.1:4100/token",
      revokeUrl: "http://127.0.0.1:4100/revoke",
      userInfoUrl: "http://127.0.0.1:4100/v1/userinfo",
      discoveryUrl: "http://127.0.0.1:4100/.well-known/openid-configuration",
      adminApiBaseUrl: "http://127.0.0.1:4100",
      dataApiBaseUrl: "http://127.0.0.1:4100",
    });
  });
});

describe("PKCE", () => {
  it("derives the S256 challenge of RFC 7636's example", () => {
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("makes verifiers of 43-128 unreserved characters, different each time", () => {
    const a = createPkcePair();
    const b = createPkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(pkceChallenge(a.verifier));
    expect(a.method).toBe("S256");
  });
});

describe("authorizationUrl", () => {
  it("asks for offline access with a forced consent, PKCE and the state (§1.2)", () => {
    const { oauth } = client(() => jsonResponse({}));
    const url = new URL(
      oauth.authorizationUrl({
        redirectUri: "https://app.example.com/oauth/callback",
        scopes: GOOGLE_OAUTH_SCOPES,
        state: "st4te",
        codeChallenge: "ch4llenge",
        loginHint: "alex@example.com",
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "123-abc.apps.googleusercontent.com",
      redirect_uri: "https://app.example.com/oauth/callback",
      response_type: "code",
      scope: `openid email profile ${READONLY}`,
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "st4te",
      code_challenge: "ch4llenge",
      code_challenge_method: "S256",
      login_hint: "alex@example.com",
    });
  });
});

describe("readAuthorizationResponse", () => {
  const { oauth } = client(() => jsonResponse({}));

  it("returns the code when the state matches, ignoring parameters it does not know", () => {
    const result = oauth.readAuthorizationResponse(
      new URLSearchParams({ code: "4/0Acode", state: "s1", scope: READONLY, authuser: "0" }),
      "s1",
    );
    expect(result.code).toBe("4/0Acode");
    expect(result.scopes).toEqual(new Set([READONLY]));
  });

  it("refuses a foreign state, a denial and a missing code", () => {
    expect(() => oauth.readAuthorizationResponse({ code: "4/x", state: "other" }, "s1")).toThrow(
      expect.objectContaining({ code: "GOOGLE_INVALID_REQUEST" }),
    );
    expect(() =>
      oauth.readAuthorizationResponse({ error: "access_denied", state: "s1" }, "s1"),
    ).toThrow(expect.objectContaining({ code: "GOOGLE_ACCESS_DENIED" }));
    expect(() => oauth.readAuthorizationResponse({ state: "s1" }, "s1")).toThrow(
      expect.objectContaining({ code: "GOOGLE_INVALID_REQUEST" }),
    );
  });
});

describe("exchangeCode and refresh", () => {
  it("posts a form with the verifier and computes the expiry from the clock", async () => {
    const { oauth, requests } = client(() => jsonResponse(tokenBody));
    const tokens = await oauth.exchangeCode({
      code: "4/0Acode",
      redirectUri: "https://app.example.com/cb",
      codeVerifier: "v".repeat(43),
    });
    expect(tokens).toEqual({
      accessToken: "ya29.access",
      refreshToken: "1//refresh",
      expiresAt: new Date(NOW.getTime() + 3_599_000),
      scopes: new Set(["openid", "https://www.googleapis.com/auth/userinfo.email", READONLY]),
      idToken: "eyJ.id.token",
    });
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.url.toString()).toBe("https://oauth2.googleapis.com/token");
    expect(request?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: "authorization_code",
      code: "4/0Acode",
      redirect_uri: "https://app.example.com/cb",
      code_verifier: "v".repeat(43),
      client_id: "123-abc.apps.googleusercontent.com",
      client_secret: "s3cret",
    });
  });

  it("refreshes with the refresh token; the answer has none of its own", async () => {
    const { refresh_token: _, ...refreshed } = tokenBody;
    const { oauth, requests } = client(() => jsonResponse(refreshed));
    const tokens = await oauth.refresh("1//refresh");
    expect(tokens.refreshToken).toBeUndefined();
    expect(new URLSearchParams(requests[0]?.body).get("grant_type")).toBe("refresh_token");
    expect(new URLSearchParams(requests[0]?.body).get("refresh_token")).toBe("1//refresh");
  });

  it("maps invalid_grant to an expired grant and other errors to an invalid request", async () => {
    const revoked = client(() =>
      jsonResponse(
        { error: "invalid_grant", error_description: "Token has been expired or revoked." },
        400,
      ),
    );
    const error = await revoked.oauth.refresh("1//refresh").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "GOOGLE_AUTH_EXPIRED",
      status: 400,
      googleStatus: "invalid_grant",
    });
    expect(String(error)).not.toContain("1//refresh");

    const badClient = client(() =>
      jsonResponse(
        { error: "invalid_client", error_description: "The OAuth client was not found." },
        401,
      ),
    );
    await expect(badClient.oauth.refresh("1//refresh")).rejects.toMatchObject({
      code: "GOOGLE_INVALID_REQUEST",
      googleStatus: "invalid_client",
    });
  });

  it("retries a token endpoint 503, and reports a body that is not a token response", async () => {
    let calls = 0;
    const flaky = client(() =>
      calls++ === 0 ? new Response("", { status: 503 }) : jsonResponse(tokenBody),
    );
    await expect(flaky.oauth.refresh("1//r")).resolves.toMatchObject({
      accessToken: "ya29.access",
    });
    expect(calls).toBe(2);

    const broken = client(() => jsonResponse({ access_token: "ya29.x", expires_in: "3600" }));
    await expect(broken.oauth.refresh("1//r")).rejects.toMatchObject({
      code: "GOOGLE_BAD_RESPONSE",
    });
  });
});

describe("revoke", () => {
  it("posts the token in the query string, and counts an already dead token as revoked", async () => {
    const { oauth, requests } = client((request) =>
      request.url.searchParams.get("token") === "dead"
        ? jsonResponse(
            { error: "invalid_token", error_description: "Token expired or revoked" },
            400,
          )
        : jsonResponse({}),
    );
    await oauth.revoke("1//refresh");
    await oauth.revoke("dead");
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.url.searchParams.get("token")).toBe("1//refresh");
    expect(requests[0]?.body).toBe("");
  });
});

describe("hasAnalyticsScope", () => {
  it("needs analytics.readonly, or both the full and edit scopes", () => {
    expect(hasAnalyticsScope([READONLY])).toBe(true);
    expect(hasAnalyticsScope(["openid", "email"])).toBe(false);
    expect(
      hasAnalyticsScope([
        "https://www.googleapis.com/auth/analytics",
        "https://www.googleapis.com/auth/analytics.edit",
      ]),
    ).toBe(true);
    expect(hasAnalyticsScope(["https://www.googleapis.com/auth/analytics"])).toBe(false);
  });
});
