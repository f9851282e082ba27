import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import type { ConsentPageModel, ErrorPageModel } from "../consent-page.ts";
import type { EmulatorContext } from "../http/context.ts";
import { readField, readFieldAll } from "../http/reply.ts";
import { DEFAULT_USER_EMAIL, type TestUser } from "../world.ts";
import { authenticateClient, clientName, findClient, redirectUriAllowed } from "./clients.ts";
import { accessTokenHash, signJwt } from "./id-token.ts";
import {
  describeScope,
  isIdentityScope,
  parseRequestedScopes,
  USERINFO_EMAIL,
  USERINFO_PROFILE,
} from "./scopes.ts";
import type {
  AccessTokenClaims,
  ConsentRequestClaims,
  GrantRef,
  Pkce,
  RefreshTokenClaims,
} from "./tokens.ts";

/**
 * Google's OAuth 2.0 web-server flow and OpenID Connect (ga4-protocol.md §1): what each request
 * decides, independent of HTTP. Wordings of errors are Google's where §1.7 or observed replies
 * give them.
 */

/** Codes live ten minutes, as Google's do. */
const CODE_TTL_MS = 10 * 60 * 1000;
/** How long the consent form stays valid once shown. */
const CONSENT_FORM_TTL_MS = 60 * 60 * 1000;
const ID_TOKEN_TTL_SECONDS = 3600;
/** RFC 7636 §4.1/§4.2: verifiers and challenges are 43-128 unreserved characters. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

export type AuthorizeOutcome =
  | { kind: "error-page"; page: ErrorPageModel }
  | { kind: "consent-page"; page: ConsentPageModel }
  | { kind: "redirect"; location: string };

export interface JsonOutcome {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Authorization (§1.2, §1.3)
// ---------------------------------------------------------------------------------------------

export function authorize(ctx: EmulatorContext, query: unknown): AuthorizeOutcome {
  const param = (name: string) => readField(query, name);
  const details = requestDetails(query);
  const fail = (status: number, error: string, description: string, heading?: string) => ({
    kind: "error-page" as const,
    page: {
      status,
      error,
      heading: heading ?? "Access blocked: Authorization Error",
      description,
      details,
    },
  });

  const clientId = param("client_id");
  if (!clientId) return fail(400, "invalid_request", "Missing required parameter: client_id");
  const client = findClient(ctx.clients, clientId);
  if (!client) return fail(401, "invalid_client", "The OAuth client was not found.");
  const blocked = `Access blocked: ${clientName(client)}’s request is invalid`;
  const redirectUri = param("redirect_uri");
  if (!redirectUri) {
    return fail(400, "invalid_request", "Missing required parameter: redirect_uri", blocked);
  }
  if (!redirectUriAllowed(client, redirectUri)) {
    return fail(
      400,
      "redirect_uri_mismatch",
      "You can’t sign in to this app because it doesn’t comply with Google’s OAuth 2.0 policy. " +
        "If you’re the app developer, register the redirect URI in the Google Cloud Console.",
      blocked,
    );
  }

  const responseType = param("response_type");
  if (!responseType) {
    return fail(400, "invalid_request", "Missing required parameter: response_type", blocked);
  }
  if (responseType !== "code") {
    return fail(
      400,
      "unsupported_response_type",
      `The stand-in supports response_type=code only, not ${responseType}.`,
      blocked,
    );
  }
  const rawScope = param("scope");
  if (!rawScope?.trim()) {
    return fail(400, "invalid_request", "Missing required parameter: scope", blocked);
  }
  const scopes = parseRequestedScopes(rawScope);
  if (!scopes.ok) {
    return fail(
      400,
      "invalid_scope",
      `Some requested scopes were invalid. {invalid=[${scopes.invalid.join(", ")}]}`,
      blocked,
    );
  }
  const accessType = param("access_type") ?? "online";
  if (accessType !== "online" && accessType !== "offline") {
    return fail(400, "invalid_request", `Invalid access_type: ${accessType}`, blocked);
  }
  const prompts = (param("prompt") ?? "").split(" ").filter((p) => p.length > 0);
  if (prompts.some((p) => !["none", "consent", "select_account"].includes(p))) {
    return fail(400, "invalid_request", `Invalid prompt: ${param("prompt")}`, blocked);
  }
  if (prompts.includes("none") && prompts.length > 1) {
    return fail(
      400,
      "invalid_request",
      "prompt=none cannot be combined with other values",
      blocked,
    );
  }
  const pkce = readPkce(param("code_challenge"), param("code_challenge_method"));
  if (!pkce.ok) return fail(400, "invalid_request", pkce.description, blocked);

  const request: ConsentRequestClaims = {
    clientId,
    redirectUri,
    scopes: scopes.scopes,
    offline: accessType === "offline",
    forceConsent: prompts.includes("consent"),
    includeGrantedScopes: param("include_granted_scopes") === "true",
    expiresAt: ctx.now().getTime() + CONSENT_FORM_TTL_MS,
    ...(param("state") !== undefined ? { state: param("state") } : {}),
    ...(param("nonce") ? { nonce: param("nonce") } : {}),
    ...(param("login_hint") ? { loginHint: param("login_hint") } : {}),
    ...(pkce.pkce ? { pkce: pkce.pkce } : {}),
  };
  const hinted = request.loginHint ? ctx.world.findUser(request.loginHint) : undefined;

  if (prompts.includes("none")) return silentAuthorization(ctx, request, hinted);

  const selected = hinted ?? ctx.world.findUser(DEFAULT_USER_EMAIL) ?? ctx.world.users[0];
  return {
    kind: "consent-page",
    page: {
      appName: clientName(client),
      redirectOrigin: new URL(redirectUri).origin,
      action: `${new URL(ctx.publicUrl()).pathname.replace(/\/$/, "")}/o/oauth2/v2/auth`,
      request: ctx.signer.seal("consent", request),
      accounts: ctx.world.users,
      selectedSub: selected?.sub,
      identityScopes: request.scopes.filter(isIdentityScope).map(describeScope),
      optionalScopes: request.scopes
        .filter((scope) => !isIdentityScope(scope))
        .map((scope) => ({ scope, description: describeScope(scope) })),
    },
  };
}

/**
 * `prompt=none`: no page. Without a browser session, the person is the `login_hint` (or the
 * default user); it succeeds only if they already consented to everything asked.
 */
function silentAuthorization(
  ctx: EmulatorContext,
  request: ConsentRequestClaims,
  hinted: TestUser | undefined,
): AuthorizeOutcome {
  const user = hinted ?? ctx.world.findUser(DEFAULT_USER_EMAIL);
  const existing = user ? ctx.grants.existingConsent(user.sub, request.clientId) : undefined;
  if (!user || !existing || request.scopes.some((scope) => !existing.scopes.includes(scope))) {
    return { kind: "redirect", location: errorRedirect(ctx, request, "consent_required") };
  }
  return { kind: "redirect", location: codeRedirect(ctx, request, user, request.scopes, "none") };
}

/** The Allow/Deny form posted back from the consent page. */
export function decide(ctx: EmulatorContext, form: unknown): AuthorizeOutcome {
  const sealed = readField(form, "request") ?? "";
  const request = sealed ? ctx.signer.open("consent", sealed) : undefined;
  if (!request || request.expiresAt < ctx.now().getTime()) {
    return {
      kind: "error-page",
      page: {
        status: 400,
        error: "invalid_request",
        heading: "This sign-in request is no longer valid",
        description:
          "The consent form expired or was altered. Start signing in again from the app.",
        details: [],
      },
    };
  }
  if (readField(form, "decision") !== "allow") {
    return { kind: "redirect", location: errorRedirect(ctx, request, "access_denied") };
  }
  const user = ctx.world.findUser(readField(form, "account") ?? "");
  if (!user) {
    return {
      kind: "error-page",
      page: {
        status: 400,
        error: "invalid_request",
        heading: "Choose an account",
        description: "Pick one of the test Google accounts, then choose Allow.",
        details: [],
      },
    };
  }
  const ticked = readFieldAll(form, "scope");
  const granted = request.scopes.filter(
    (scope) => isIdentityScope(scope) || ticked.includes(scope),
  );
  if (granted.length === 0) {
    return { kind: "redirect", location: errorRedirect(ctx, request, "access_denied") };
  }
  return { kind: "redirect", location: codeRedirect(ctx, request, user, granted, "consent") };
}

function codeRedirect(
  ctx: EmulatorContext,
  request: ConsentRequestClaims,
  user: TestUser,
  granted: readonly string[],
  prompt: "consent" | "none",
): string {
  const outcome = ctx.grants.consent(user.sub, request.clientId, granted, {
    offline: request.offline,
    forceConsent: request.forceConsent,
    includeGrantedScopes: request.includeGrantedScopes,
  });
  const code = ctx.signer.seal("code", {
    sub: user.sub,
    clientId: request.clientId,
    grant: outcome.grant,
    offline: request.offline,
    scopes: outcome.scopes,
    redirectUri: request.redirectUri,
    expiresAt: ctx.now().getTime() + CODE_TTL_MS,
    jti: randomBytes(12).toString("base64url"),
    issueRefreshToken: outcome.issueRefreshToken,
    ...(request.nonce ? { nonce: request.nonce } : {}),
    ...(request.pkce ? { pkce: request.pkce } : {}),
  });
  return withParams(request.redirectUri, [
    ["state", request.state],
    ["iss", ctx.publicUrl()],
    ["code", code],
    ["scope", outcome.scopes.join(" ")],
    ["authuser", "0"],
    ["prompt", prompt],
  ]);
}

function errorRedirect(ctx: EmulatorContext, request: ConsentRequestClaims, error: string): string {
  return withParams(request.redirectUri, [
    ["error", error],
    ["state", request.state],
    ["iss", ctx.publicUrl()],
  ]);
}

function withParams(base: string, params: readonly [string, string | undefined][]): string {
  const url = new URL(base);
  for (const [name, value] of params) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.toString();
}

function readPkce(
  challenge: string | undefined,
  method: string | undefined,
): { ok: true; pkce: Pkce | undefined } | { ok: false; description: string } {
  if (challenge === undefined) {
    return method === undefined
      ? { ok: true, pkce: undefined }
      : { ok: false, description: "Missing required parameter: code_challenge" };
  }
  // §1.2: the method defaults to plain when a challenge comes without one.
  const resolved = method ?? "plain";
  if (resolved !== "S256" && resolved !== "plain") {
    return { ok: false, description: `Invalid code_challenge_method: ${resolved}` };
  }
  if (!PKCE_VALUE.test(challenge)) {
    return { ok: false, description: "Invalid code_challenge" };
  }
  return { ok: true, pkce: { challenge, method: resolved } };
}

function requestDetails(query: unknown): [string, string][] {
  if (typeof query !== "object" || query === null) return [];
  return Object.keys(query)
    .map((name): [string, string] => [name, readField(query, name) ?? ""])
    .filter(([name]) => name !== "code_challenge");
}

// ---------------------------------------------------------------------------------------------
// Token endpoint (§1.4, §1.5, §1.7)
// ---------------------------------------------------------------------------------------------

export function tokenRequest(
  ctx: EmulatorContext,
  form: unknown,
  authorization: string | undefined,
): JsonOutcome {
  const field = (name: string) => readField(form, name);
  const auth = authenticateClient(ctx.clients, authorization, {
    clientId: field("client_id"),
    clientSecret: field("client_secret"),
  });
  if (!auth.ok) return oauthError(auth.status, auth.error, auth.description);
  const clientId = auth.client.clientId;

  const grantType = field("grant_type") ?? "";
  if (grantType === "authorization_code") return exchangeCode(ctx, clientId, form);
  if (grantType === "refresh_token") return refresh(ctx, clientId, form);
  return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`);
}

function exchangeCode(ctx: EmulatorContext, clientId: string, form: unknown): JsonOutcome {
  const raw = readField(form, "code");
  if (!raw) return oauthError(400, "invalid_request", "Missing required parameter: code");
  const code = ctx.signer.open("code", raw);
  if (!code) return oauthError(400, "invalid_grant", "Malformed auth code.");
  const nowMs = ctx.now().getTime();
  if (code.clientId !== clientId || code.expiresAt < nowMs || !ctx.grants.isLive(code)) {
    return oauthError(400, "invalid_grant", "Bad Request");
  }
  const redirectUri = readField(form, "redirect_uri");
  if (!redirectUri) {
    return oauthError(400, "invalid_request", "Missing required parameter: redirect_uri");
  }
  if (redirectUri !== code.redirectUri) {
    return oauthError(400, "redirect_uri_mismatch", "Bad Request");
  }
  if (code.pkce) {
    const verifier = readField(form, "code_verifier");
    if (!verifier) return oauthError(400, "invalid_grant", "Missing code verifier.");
    if (
      !PKCE_VALUE.test(verifier) ||
      pkceChallengeOf(verifier, code.pkce.method) !== code.pkce.challenge
    ) {
      return oauthError(400, "invalid_grant", "Invalid code verifier.");
    }
  }
  const user = ctx.world.findUser(code.sub);
  if (!user || !ctx.grants.spendCode(code.jti, code.expiresAt, nowMs)) {
    return oauthError(400, "invalid_grant", "Bad Request");
  }
  const ref: GrantRef = {
    sub: code.sub,
    clientId: code.clientId,
    grant: code.grant,
    offline: code.offline,
  };
  return {
    status: 200,
    body: tokenResponse(ctx, ref, user, code.scopes, {
      refreshToken: code.issueRefreshToken
        ? ctx.signer.seal("refresh", {
            ...ref,
            scopes: code.scopes,
            issued: ctx.grants.issueRefreshToken(ref.sub, ref.clientId),
          })
        : undefined,
      nonce: code.nonce,
    }),
  };
}

function refresh(ctx: EmulatorContext, clientId: string, form: unknown): JsonOutcome {
  const raw = readField(form, "refresh_token");
  if (!raw) return oauthError(400, "invalid_request", "Missing required parameter: refresh_token");
  const token: RefreshTokenClaims | undefined = ctx.signer.open("refresh", raw);
  if (!token) return oauthError(400, "invalid_grant", "Bad Request");
  if (token.clientId !== clientId) return oauthError(400, "unauthorized_client", "Unauthorized");
  const user = ctx.world.findUser(token.sub);
  if (!user || !ctx.grants.isRefreshTokenLive(token)) {
    return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
  }
  const ref: GrantRef = {
    sub: token.sub,
    clientId: token.clientId,
    grant: token.grant,
    offline: token.offline,
  };
  return { status: 200, body: tokenResponse(ctx, ref, user, token.scopes, {}) };
}

function tokenResponse(
  ctx: EmulatorContext,
  ref: GrantRef,
  user: TestUser,
  scopes: string[],
  extra: { refreshToken?: string | undefined; nonce?: string | undefined },
): Record<string, unknown> {
  const issuedAt = ctx.now().getTime();
  const accessToken = ctx.signer.seal("access", {
    ...ref,
    scopes,
    issued: ctx.grants.stamp(),
    issuedAt,
    expiresAt: issuedAt + ctx.accessTokenTtlSeconds * 1000,
  });
  const body: Record<string, unknown> = {
    access_token: accessToken,
    expires_in: ctx.accessTokenTtlSeconds,
  };
  if (extra.refreshToken) body.refresh_token = extra.refreshToken;
  body.scope = scopes.join(" ");
  body.token_type = "Bearer";
  if (scopes.includes("openid")) {
    body.id_token = idToken(ctx, ref, user, scopes, accessToken, issuedAt, extra.nonce);
  }
  return body;
}

function idToken(
  ctx: EmulatorContext,
  ref: GrantRef,
  user: TestUser,
  scopes: readonly string[],
  accessToken: string,
  issuedAtMs: number,
  nonce: string | undefined,
): string {
  const iat = Math.floor(issuedAtMs / 1000);
  return signJwt(ctx.key, {
    iss: ctx.publicUrl(),
    azp: ref.clientId,
    aud: ref.clientId,
    sub: user.sub,
    ...(user.hostedDomain ? { hd: user.hostedDomain } : {}),
    ...(scopes.includes(USERINFO_EMAIL) ? { email: user.email, email_verified: true } : {}),
    at_hash: accessTokenHash(accessToken),
    ...(nonce ? { nonce } : {}),
    ...(scopes.includes(USERINFO_PROFILE) ? profileClaims(user) : {}),
    iat,
    exp: iat + ID_TOKEN_TTL_SECONDS,
  });
}

function profileClaims(user: TestUser): Record<string, string> {
  return {
    name: user.name,
    picture: user.picture,
    given_name: user.givenName,
    ...(user.familyName ? { family_name: user.familyName } : {}),
  };
}

function pkceChallengeOf(verifier: string, method: Pkce["method"]): string {
  return method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
}

function oauthError(status: number, error: string, description: string): JsonOutcome {
  return { status, body: { error, error_description: description } };
}

// ---------------------------------------------------------------------------------------------
// Access tokens, revocation, userinfo, tokeninfo (§1.8, §1.10)
// ---------------------------------------------------------------------------------------------

export type AccessCheck =
  | { ok: true; token: AccessTokenClaims; user: TestUser }
  | { ok: false; reason: "invalid" | "expired" | "revoked" };

/** Whether an access token works right now, and for whom. */
export function checkAccessToken(ctx: EmulatorContext, raw: string): AccessCheck {
  const token = ctx.signer.open("access", raw);
  if (!token) return { ok: false, reason: "invalid" };
  if (
    token.expiresAt <= ctx.now().getTime() ||
    ctx.grants.isAccessTokenForcedExpired(token.issued)
  ) {
    return { ok: false, reason: "expired" };
  }
  if (!ctx.grants.isLive(token)) return { ok: false, reason: "revoked" };
  const user = ctx.world.findUser(token.sub);
  if (!user) return { ok: false, reason: "invalid" };
  return { ok: true, token, user };
}

/** The bearer token of a request: `Authorization: Bearer`, else `access_token` (§0). */
export function bearerToken(
  authorization: string | undefined,
  ...fallbacks: (string | undefined)[]
): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  return match?.[1] ?? fallbacks.find((value) => value !== undefined && value.length > 0);
}

/**
 * Revoking either token of a grant removes the app's access for that user (§1.8): the refresh
 * token and every access token from the consent stop working.
 */
export function revoke(ctx: EmulatorContext, raw: string | undefined): JsonOutcome {
  if (!raw) return oauthError(400, "invalid_request", "Missing required parameter: token");
  const access = checkAccessToken(ctx, raw);
  const refresh = access.ok ? undefined : ctx.signer.open("refresh", raw);
  const ref = access.ok
    ? access.token
    : refresh && ctx.grants.isRefreshTokenLive(refresh)
      ? refresh
      : undefined;
  if (!ref) return oauthError(400, "invalid_token", "Token expired or revoked");
  ctx.grants.revokeGrant(ref.sub, ref.clientId);
  return { status: 200, body: {} };
}

export function userInfo(ctx: EmulatorContext, raw: string | undefined): JsonOutcome {
  const realm = `Bearer realm="${ctx.publicUrl()}/"`;
  if (!raw) {
    return {
      status: 401,
      body: { error: "invalid_request", error_description: "Invalid Credentials" },
      headers: { "www-authenticate": realm },
    };
  }
  const check = checkAccessToken(ctx, raw);
  if (!check.ok) {
    return {
      status: 401,
      body: { error: "invalid_request", error_description: "Invalid Credentials" },
      headers: { "www-authenticate": `${realm}, error="invalid_token"` },
    };
  }
  const { user, token } = check;
  return {
    status: 200,
    body: {
      sub: user.sub,
      ...(token.scopes.includes(USERINFO_PROFILE) ? profileClaims(user) : {}),
      ...(token.scopes.includes(USERINFO_EMAIL) ? { email: user.email, email_verified: true } : {}),
      ...(user.hostedDomain ? { hd: user.hostedDomain } : {}),
    },
  };
}

/**
 * Google's tokeninfo: every value a string, as Google sends them. Takes an access token or an
 * id_token.
 */
export function tokenInfo(
  ctx: EmulatorContext,
  input: { accessToken: string | undefined; idToken: string | undefined },
): JsonOutcome {
  const invalid = oauthError(400, "invalid_token", "Invalid Value");
  if (input.idToken) return idTokenInfo(ctx, input.idToken) ?? invalid;
  if (!input.accessToken) return invalid;
  const check = checkAccessToken(ctx, input.accessToken);
  if (!check.ok) return invalid;
  const { token, user } = check;
  const nowMs = ctx.now().getTime();
  return {
    status: 200,
    body: {
      azp: token.clientId,
      aud: token.clientId,
      sub: user.sub,
      scope: token.scopes.join(" "),
      exp: String(Math.floor(token.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((token.expiresAt - nowMs) / 1000))),
      ...(token.scopes.includes(USERINFO_EMAIL)
        ? { email: user.email, email_verified: "true" }
        : {}),
      access_type: token.offline ? "offline" : "online",
    },
  };
}

function idTokenInfo(ctx: EmulatorContext, jwt: string): JsonOutcome | undefined {
  const [header, payload, signature] = jwt.split(".");
  if (!header || !payload || !signature) return undefined;
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    createPublicKey(ctx.key.privateKey),
    Buffer.from(signature, "base64url"),
  );
  if (!valid) return undefined;
  const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  const headerFields: unknown = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
  if (typeof claims !== "object" || claims === null) return undefined;
  const exp = Reflect.get(claims, "exp");
  if (typeof exp !== "number" || exp * 1000 <= ctx.now().getTime()) return undefined;
  const body: Record<string, unknown> = {};
  for (const [name, value] of [
    ...Object.entries(claims),
    ...Object.entries(
      typeof headerFields === "object" && headerFields !== null ? headerFields : {},
    ),
  ]) {
    body[name] = String(value);
  }
  return { status: 200, body };
}

// ---------------------------------------------------------------------------------------------
// Discovery (§1.10)
// ---------------------------------------------------------------------------------------------

/**
 * Google's discovery document with the stand-in's URLs. Lists only what the stand-in really
 * does (no device flow, no implicit response types), since clients pick features from it.
 */
export function discoveryDocument(publicUrl: string): Record<string, unknown> {
  return {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}/o/oauth2/v2/auth`,
    token_endpoint: `${publicUrl}/token`,
    userinfo_endpoint: `${publicUrl}/v1/userinfo`,
    revocation_endpoint: `${publicUrl}/revoke`,
    jwks_uri: `${publicUrl}/oauth2/v3/certs`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    authorization_response_iss_parameter_supported: true,
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    claims_supported: [
      "aud",
      "email",
      "email_verified",
      "exp",
      "family_name",
      "given_name",
      "iat",
      "iss",
      "name",
      "picture",
      "sub",
    ],
    code_challenge_methods_supported: ["plain", "S256"],
    grant_types_supported: ["authorization_code", "refresh_token"],
  };
}
