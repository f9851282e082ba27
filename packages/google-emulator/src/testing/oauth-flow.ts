import { createHash, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { DEMO_CLIENT } from "../oauth/clients.ts";
import { consentDecision } from "../oauth/consent-decision.ts";
import { ANALYTICS_READONLY } from "../oauth/scopes.ts";

/** Test helpers: the OAuth web-server flow against a running stand-in, over real HTTP. */

export const REDIRECT_URI = "http://localhost:3000/api/auth/callback/google";
export const FULL_SCOPE = `openid email profile ${ANALYTICS_READONLY}`;

export interface TokenBody {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: string;
  id_token?: string;
}

export interface FlowOptions {
  email?: string;
  scope?: string;
  accessType?: "online" | "offline";
  prompt?: string;
  nonce?: string;
  state?: string;
  loginHint?: string;
  includeGrantedScopes?: boolean;
  /** Optional scopes left ticked on the consent page; all by default. */
  ticked?: readonly string[];
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizationUrl(
  baseUrl: string,
  options: FlowOptions & { challenge?: string },
): string {
  const url = new URL(`${baseUrl}/o/oauth2/v2/auth`);
  const params: Record<string, string | undefined> = {
    client_id: options.clientId ?? DEMO_CLIENT.clientId,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    response_type: "code",
    scope: options.scope ?? FULL_SCOPE,
    access_type: options.accessType ?? "offline",
    prompt: options.prompt,
    state: options.state ?? "state-123",
    nonce: options.nonce,
    login_hint: options.loginHint,
    include_granted_scopes: options.includeGrantedScopes ? "true" : undefined,
    code_challenge: options.challenge,
    code_challenge_method: options.challenge ? "S256" : undefined,
  };
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

export async function postForm(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

/** Consent as `email`, then the code exchange with PKCE; fails the test on any error. */
export async function signIn(
  baseUrl: string,
  options: FlowOptions = {},
): Promise<{ tokens: TokenBody; redirect: URL }> {
  const { verifier, challenge } = pkcePair();
  const location = await consentDecision(authorizationUrl(baseUrl, { ...options, challenge }), {
    decision: "allow",
    ...(options.email ? { email: options.email } : {}),
    ...(options.ticked ? { scopes: options.ticked } : {}),
  });
  const redirect = new URL(location);
  const code = redirect.searchParams.get("code");
  expect(code, `redirect without a code: ${location}`).toBeTruthy();
  const response = await postForm(`${baseUrl}/token`, {
    grant_type: "authorization_code",
    code: code ?? "",
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    client_id: options.clientId ?? DEMO_CLIENT.clientId,
    client_secret: options.clientSecret ?? DEMO_CLIENT.clientSecret,
    code_verifier: verifier,
  });
  const tokens = (await response.json()) as TokenBody;
  expect(response.status, JSON.stringify(tokens)).toBe(200);
  return { tokens, redirect };
}

export async function refreshAccess(
  baseUrl: string,
  refreshToken: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await postForm(`${baseUrl}/token`, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A GET or POST to an API path with a bearer token; answers status, headers and JSON body. */
export async function callApi(
  baseUrl: string,
  path: string,
  accessToken: string | undefined,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}
