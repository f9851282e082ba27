import { createPublicKey, verify } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startGoogleEmulator } from "../server.ts";
import {
  authorizationUrl,
  FULL_SCOPE,
  pkcePair,
  postForm,
  REDIRECT_URI,
  refreshAccess,
  signIn,
} from "../testing/oauth-flow.ts";
import { DEMO_CLIENT } from "./clients.ts";
import { consentDecision } from "./consent-decision.ts";
import { ANALYTICS_READONLY, USERINFO_EMAIL, USERINFO_PROFILE } from "./scopes.ts";

const START = new Date("2026-03-10T12:00:00Z");

describe("OAuth 2.0 and OpenID Connect", () => {
  let clock = START;
  let emulator: RunningEmulator;
  let base: string;

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ now: () => clock });
    base = emulator.url;
  });
  afterEach(() => {
    clock = START;
    emulator.faults.reset();
  });
  afterAll(() => emulator.close());

  it("publishes a discovery document with absolute endpoints under its URL", async () => {
    const response = await fetch(`${base}/.well-known/openid-configuration`);
    expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/o/oauth2/v2/auth`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/v1/userinfo`,
      revocation_endpoint: `${base}/revoke`,
      jwks_uri: `${base}/oauth2/v3/certs`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["plain", "S256"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(base).not.toMatch(/\/$/);
  });

  it("runs the whole code flow with PKCE: consent page, redirect, tokens, id_token, userinfo", async () => {
    const { verifier, challenge } = pkcePair();
    const url = authorizationUrl(base, { challenge, nonce: "n-0S6_WzA2Mj", state: "xyz 1/2" });

    const page = await fetch(url, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Offline Google stand-in");
    expect(html).toContain(">Allow</button>");
    expect(html).toContain(">Deny</button>");
    expect(html).toContain("alex.morgan@gmail.com");
    expect(html).toContain("See and download your Google Analytics data");

    const location = new URL(await consentDecision(url, { email: "priya@brightside-agency.com" }));
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("state")).toBe("xyz 1/2");
    expect(location.searchParams.get("authuser")).toBe("0");
    expect(location.searchParams.get("prompt")).toBe("consent");
    expect(location.searchParams.get("iss")).toBe(base);
    expect(location.searchParams.get("scope")?.split(" ").sort()).toEqual(
      ["openid", USERINFO_EMAIL, USERINFO_PROFILE, ANALYTICS_READONLY].sort(),
    );
    const code = location.searchParams.get("code") ?? "";
    expect(code).toMatch(/^4\//);

    const response = await postForm(`${base}/token`, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe(
      "no-cache, no-store, max-age=0, must-revalidate",
    );
    expect(response.headers.get("pragma")).toBe("no-cache");
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ expires_in: 3599, token_type: "Bearer" });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(String(tokens.scope).split(" ")).toContain(ANALYTICS_READONLY);

    const claims = await verifyIdToken(base, String(tokens.id_token));
    expect(claims).toMatchObject({
      iss: base,
      aud: DEMO_CLIENT.clientId,
      azp: DEMO_CLIENT.clientId,
      sub: "118305726491058273641",
      email: "priya@brightside-agency.com",
      email_verified: true,
      hd: "brightside-agency.com",
      name: "Priya Shah",
      given_name: "Priya",
      family_name: "Shah",
      nonce: "n-0S6_WzA2Mj",
      iat: START.getTime() / 1000,
      exp: START.getTime() / 1000 + 3600,
    });
    expect(String(claims.picture)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(String(claims.sub)).toMatch(/^\d{21}$/);

    const userinfo = await fetch(`${base}/v1/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      sub: "118305726491058273641",
      email: "priya@brightside-agency.com",
      email_verified: true,
      name: "Priya Shah",
      given_name: "Priya",
      family_name: "Shah",
    });
  });

  it("sends access_denied with the state when the person denies", async () => {
    const location = new URL(
      await consentDecision(authorizationUrl(base, { state: "s-deny" }), { decision: "deny" }),
    );
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("s-deny");
    expect(location.searchParams.has("code")).toBe(false);
  });

  it("shows Google's error pages, not a redirect, for an unknown client or redirect URI", async () => {
    const unknown = await fetch(authorizationUrl(base, { clientId: "nobody.apps.example" }), {
      redirect: "manual",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("location")).toBeNull();
    expect(await unknown.text()).toContain("Error 401: invalid_client");

    const mismatch = await fetch(
      authorizationUrl(base, { redirectUri: "https://evil.example/cb?<script>alert(1)</script>" }),
      { redirect: "manual" },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.headers.get("location")).toBeNull();
    const html = await mismatch.text();
    expect(html).toContain("Error 400: redirect_uri_mismatch");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("refuses unknown scopes and a malformed PKCE challenge with an error page", async () => {
    const scope = await fetch(authorizationUrl(base, { scope: "openid https://evil/scope" }));
    expect(scope.status).toBe(400);
    expect(await scope.text()).toContain("Error 400: invalid_scope");
    const pkce = await fetch(authorizationUrl(base, { challenge: "short" }));
    expect(pkce.status).toBe(400);
    expect(await pkce.text()).toContain("Error 400: invalid_request");
  });

  it("accepts a code once, with the right verifier and redirect URI", async () => {
    const { verifier, challenge } = pkcePair();
    const location = new URL(await consentDecision(authorizationUrl(base, { challenge })));
    const code = location.searchParams.get("code") ?? "";
    const exchange = (form: Record<string, string>) =>
      postForm(`${base}/token`, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
        code_verifier: verifier,
        ...form,
      });

    const noVerifier = await exchange({ code_verifier: "" });
    expect(await noVerifier.json()).toEqual({
      error: "invalid_grant",
      error_description: "Missing code verifier.",
    });
    const wrongVerifier = await exchange({ code_verifier: pkcePair().verifier });
    expect(await wrongVerifier.json()).toEqual({
      error: "invalid_grant",
      error_description: "Invalid code verifier.",
    });
    const otherRedirect = await exchange({ redirect_uri: "http://localhost:3000/other" });
    expect(otherRedirect.status).toBe(400);
    expect(((await otherRedirect.json()) as { error: string }).error).toBe("redirect_uri_mismatch");

    expect((await exchange({})).status).toBe(200);
    const reused = await exchange({});
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: "invalid_grant",
      error_description: "Bad Request",
    });

    const malformed = await exchange({ code: "4/not-a-code" });
    expect(await malformed.json()).toEqual({
      error: "invalid_grant",
      error_description: "Malformed auth code.",
    });
  });

  it("lets a code expire after ten minutes", async () => {
    const location = new URL(await consentDecision(authorizationUrl(base, {})));
    clock = new Date(START.getTime() + 10 * 60 * 1000 + 1000);
    const response = await postForm(`${base}/token`, {
      grant_type: "authorization_code",
      code: location.searchParams.get("code") ?? "",
      redirect_uri: REDIRECT_URI,
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("authenticates the client by form or HTTP Basic, and names bad clients and grant types", async () => {
    const location = new URL(await consentDecision(authorizationUrl(base, {})));
    const basic = Buffer.from(`${DEMO_CLIENT.clientId}:${DEMO_CLIENT.clientSecret}`).toString(
      "base64",
    );
    const viaBasic = await postForm(
      `${base}/token`,
      {
        grant_type: "authorization_code",
        code: location.searchParams.get("code") ?? "",
        redirect_uri: REDIRECT_URI,
      },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.status).toBe(200);

    const wrongSecret = await postForm(`${base}/token`, {
      grant_type: "refresh_token",
      refresh_token: "1//x",
      client_id: DEMO_CLIENT.clientId,
      client_secret: "wrong",
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({
      error: "invalid_client",
      error_description: "Unauthorized",
    });

    const unknownClient = await postForm(`${base}/token`, {
      grant_type: "refresh_token",
      client_id: "nobody",
      client_secret: "x",
    });
    expect(unknownClient.status).toBe(401);
    expect(((await unknownClient.json()) as { error: string }).error).toBe("invalid_client");

    const grantType = await postForm(`${base}/token`, {
      grant_type: "password",
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(grantType.status).toBe(400);
    expect(await grantType.json()).toEqual({
      error: "unsupported_grant_type",
      error_description: "Invalid grant_type: password",
    });
  });

  it("refreshes without a new refresh token, and refuses after revocation", async () => {
    const { tokens } = await signIn(base, { email: "sam.lee@gmail.com" });
    const refreshToken = tokens.refresh_token ?? "";

    const refreshed = await refreshAccess(base, refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toMatch(/^ya29\./);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(refreshed.body).not.toHaveProperty("refresh_token");
    expect(refreshed.body.scope).toBe(tokens.scope);
    expect(refreshed.body.id_token).toBeTypeOf("string");

    const revoke = await fetch(`${base}/revoke?token=${encodeURIComponent(refreshToken)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({});

    expect(await refreshAccess(base, refreshToken)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
    const userinfo = await fetch(`${base}/v1/userinfo`, {
      headers: { authorization: `Bearer ${refreshed.body.access_token}` },
    });
    expect(userinfo.status).toBe(401);

    const again = await postForm(`${base}/revoke`, { token: refreshToken });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "invalid_token",
      error_description: "Token expired or revoked",
    });
  });

  it("revokes the whole grant when an access token is revoked", async () => {
    const { tokens } = await signIn(base, {});
    const revoke = await postForm(`${base}/revoke`, { token: tokens.access_token });
    expect(revoke.status).toBe(200);
    expect((await refreshAccess(base, tokens.refresh_token ?? "")).status).toBe(400);
  });

  it("answers GET /revoke with an HTML 404", async () => {
    const response = await fetch(`${base}/revoke?token=x`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("issues a refresh token on the first offline consent only, unless consent is forced", async () => {
    const first = await signIn(base, { email: "sam.lee@gmail.com" });
    expect(first.tokens.refresh_token).toBeDefined();
    const second = await signIn(base, { email: "sam.lee@gmail.com" });
    expect(second.tokens.refresh_token).toBeUndefined();
    const forced = await signIn(base, { email: "sam.lee@gmail.com", prompt: "consent" });
    expect(forced.tokens.refresh_token).toBeDefined();
    const online = await signIn(base, { email: "alex.morgan@gmail.com", accessType: "online" });
    expect(online.tokens.refresh_token).toBeUndefined();
  });

  it("expires access tokens on the stand-in's clock", async () => {
    const { tokens } = await signIn(base, {});
    const userinfo = () =>
      fetch(`${base}/v1/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    clock = new Date(START.getTime() + 3598 * 1000);
    expect((await userinfo()).status).toBe(200);
    clock = new Date(START.getTime() + 3600 * 1000);
    const expired = await userinfo();
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await refreshAccess(base, tokens.refresh_token ?? "")).status).toBe(200);
  });

  it("preselects the login_hint account and lets the person untick Analytics access", async () => {
    const page = await (
      await fetch(authorizationUrl(base, { loginHint: "sam.lee@gmail.com" }))
    ).text();
    expect(page).toMatch(/value="109284716350928471635" checked/);

    const { tokens, redirect } = await signIn(base, { ticked: [] });
    expect(tokens.scope.split(" ")).not.toContain(ANALYTICS_READONLY);
    expect(redirect.searchParams.get("scope")?.split(" ")).not.toContain(ANALYTICS_READONLY);
  });

  it("adds earlier grants with include_granted_scopes", async () => {
    await signIn(base, { email: "sam.lee@gmail.com", scope: ANALYTICS_READONLY });
    const { tokens } = await signIn(base, {
      email: "sam.lee@gmail.com",
      scope: "openid email",
      includeGrantedScopes: true,
    });
    expect(tokens.scope.split(" ").sort()).toEqual(
      ["openid", USERINFO_EMAIL, ANALYTICS_READONLY].sort(),
    );
  });

  it("answers prompt=none with a code only after an earlier consent", async () => {
    const none = (email: string) =>
      consentDecision(authorizationUrl(base, { prompt: "none", loginHint: email }));
    expect(new URL(await none("sam.lee@gmail.com")).searchParams.get("error")).toBe(
      "consent_required",
    );
    await signIn(base, { email: "sam.lee@gmail.com" });
    const silent = new URL(await none("sam.lee@gmail.com"));
    expect(silent.searchParams.get("code")).toMatch(/^4\//);
    expect(silent.searchParams.get("prompt")).toBe("none");
  });

  it("describes access tokens and id_tokens at tokeninfo", async () => {
    const { tokens } = await signIn(base, { email: "alex.morgan@gmail.com" });
    const access = await postForm(
      `${base}/tokeninfo`,
      {},
      {
        authorization: `Bearer ${tokens.access_token}`,
      },
    );
    expect(await access.json()).toMatchObject({
      aud: DEMO_CLIENT.clientId,
      sub: "104672935184627390125",
      scope: tokens.scope,
      expires_in: "3599",
      email: "alex.morgan@gmail.com",
      email_verified: "true",
      access_type: "offline",
    });
    const id = await fetch(`${base}/tokeninfo?id_token=${tokens.id_token}`);
    expect(await id.json()).toMatchObject({ sub: "104672935184627390125", alg: "RS256" });
    const bad = await fetch(`${base}/tokeninfo?access_token=ya29.nope`);
    expect(bad.status).toBe(400);
  });

  it("answers userinfo without a token with 401 and WWW-Authenticate", async () => {
    const response = await fetch(`${base}/v1/userinfo`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
  });
});

describe("tokens across restarts", () => {
  it("accepts refresh tokens from an earlier run with the same secret, not another", async () => {
    const first = await startGoogleEmulator({ secret: "s1" });
    const { tokens } = await signIn(first.url, { scope: FULL_SCOPE });
    await first.close();

    const same = await startGoogleEmulator({ secret: "s1" });
    const other = await startGoogleEmulator({ secret: "s2" });
    try {
      expect((await refreshAccess(same.url, tokens.refresh_token ?? "")).status).toBe(200);
      expect(await refreshAccess(other.url, tokens.refresh_token ?? "")).toEqual({
        status: 400,
        body: { error: "invalid_grant", error_description: "Bad Request" },
      });
    } finally {
      await same.close();
      await other.close();
    }
  });
});

async function verifyIdToken(base: string, jwt: string): Promise<Record<string, unknown>> {
  const jwks = (await (await fetch(`${base}/oauth2/v3/certs`)).json()) as {
    keys: { kid: string; kty: string; n: string; e: string; alg: string; use: string }[];
  };
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const { kid, alg } = JSON.parse(Buffer.from(header, "base64url").toString()) as {
    kid: string;
    alg: string;
  };
  expect(alg).toBe("RS256");
  const jwk = jwks.keys.find((key) => key.kid === kid);
  expect(jwk).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
  const key = createPublicKey({ key: { kty: "RSA", n: jwk?.n, e: jwk?.e }, format: "jwk" });
  expect(
    verify("sha256", Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, "base64url")),
  ).toBe(true);
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
}
