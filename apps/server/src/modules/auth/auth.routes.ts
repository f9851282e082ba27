import {
  ForgotPasswordRequestSchema,
  findUnstorableText,
  GoogleSignInRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  TwoFactorPasswordRequestSchema,
  unstorableTextMessage,
  VerifyBackupCodeRequestSchema,
  VerifyTotpRequestSchema,
} from "@utmost/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, errorBody } from "../../lib/errors.ts";
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER, EMAIL_VERIFIED_PATH } from "./auth.ts";
import { withoutPlainAuthCookies } from "./session.ts";

/**
 * Better Auth serves /api/auth/*. In front of it the API parses the bodies of the routes the
 * app uses with the shared contracts (spec §5 is enforced here, not only in the browser),
 * refuses text PostgreSQL cannot store in any other body or query, rewrites its errors into the
 * API's one error shape, and keeps session tokens out of bodies: every `token` field of every
 * JSON answer is removed (`withoutTokens`), so the session lives in the httpOnly cookie alone.
 */

const RedirectPathSchema = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/, "redirectTo must be a path on this site")
  .optional();

/**
 * Where Better Auth's links (email verification, password reset) send the browser afterwards:
 * a path on this site, or Better Auth fails to build the redirect (a 500 for `?callbackURL=x`).
 */
const RedirectQuerySchema = z.object(
  Object.fromEntries(
    ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"].map((name) => [
      name,
      z
        .string()
        .regex(/^\/(?!\/)[^\s\\]*$/, `${name} must be a path on this site`)
        .optional(),
    ]),
  ),
);

/**
 * Where the verification link lands: a path on this site, by default the sign-in page, which
 * says the address is verified and goes on into the app (the link signs the user in).
 */
function verifiedCallback(body: unknown): string {
  const { callbackURL } = parse(z.object({ callbackURL: RedirectPathSchema }), body);
  return callbackURL ?? EMAIL_VERIFIED_PATH;
}

/** Each validated route: its contract and the body Better Auth receives. */
const BODY_RULES: Record<string, (body: unknown) => Record<string, unknown>> = {
  "/sign-up/email": (body) => {
    const { fullName, email, password } = parse(SignUpRequestSchema, body);
    return { name: fullName, email, password, callbackURL: verifiedCallback(body) };
  },
  "/send-verification-email": (body) => {
    const { email } = parse(
      z.object({ email: z.email("Please enter a valid email address") }),
      body,
    );
    return { email, callbackURL: verifiedCallback(body) };
  },
  "/sign-in/email": (body) => parse(SignInRequestSchema, body),
  "/request-password-reset": (body) => {
    const { email } = parse(ForgotPasswordRequestSchema, body);
    const redirectTo = parse(z.object({ redirectTo: RedirectPathSchema }), body).redirectTo;
    return { email, redirectTo: redirectTo ?? "/auth/reset-password" };
  },
  "/reset-password": (body) => parse(ResetPasswordRequestSchema, body),
  "/sign-in/social": (body) => parse(GoogleSignInRequestSchema, body),
  // Two-factor sign-in by authenticator app only: no email codes, no "trust this device".
  "/two-factor/enable": (body) => ({
    ...parse(TwoFactorPasswordRequestSchema, body),
    method: "totp",
  }),
  "/two-factor/disable": (body) => parse(TwoFactorPasswordRequestSchema, body),
  "/two-factor/verify-totp": (body) => parse(VerifyTotpRequestSchema, body),
  "/two-factor/verify-backup-code": (body) => parse(VerifyBackupCodeRequestSchema, body),
};

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw AppError.fromZod(result.error);
  return result.data;
}

/** Better Auth's own codes that the API reports as a plain 400 (spec: a clear message). */
const BAD_REQUEST_STATUSES = new Set([422]);

/** Routes that sign a user in: Better Auth answers the user and the session token. */
const USER_SHAPED_PATHS = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

const UserOutSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

/** A right password for a user with two-factor sign-in on: no session yet, a code is due. */
const TwoFactorDueSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
});

/**
 * A JSON answer of Better Auth without its `token` fields, at any depth: the session token (sign-in,
 * sign-up, get-session, list-sessions, change-password, update-session) is the cookie's secret,
 * and a script that can read an answer must not learn it. Sessions keep their `id`.
 */
export function withoutTokens(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutTokens);
  if (json === null || typeof json !== "object") return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key]) => key !== "token")
      .map(([key, value]) => [key, withoutTokens(value)]),
  );
}

/** Refuses a path, query or body Better Auth would pass to PostgreSQL with text it cannot store. */
function refuseUnstorableText(what: { path: string; query: unknown; body: unknown }): void {
  let path: string;
  try {
    path = decodeURIComponent(what.path);
  } catch {
    throw new AppError("BAD_REQUEST", "The address is not valid");
  }
  const field =
    findUnstorableText(path) !== null
      ? "The address"
      : (findUnstorableText(what.query) ?? findUnstorableText(what.body));
  if (field === null) return;
  const message = unstorableTextMessage(field || "The request body");
  throw new AppError("VALIDATION_FAILED", message, [{ path: field, message }]);
}

/** Paths of Google sign-in: refused plainly when this deployment has no Google. */
const GOOGLE_PATHS = /^\/(sign-in\/social|callback\/google)$/;

export async function authRoutes(
  app: FastifyInstance,
  options: { auth: Auth; googleSignIn: boolean; secureCookiesOnly: boolean },
) {
  const { auth, googleSignIn, secureCookiesOnly } = options;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, "http://internal");
    const authPath = url.pathname.slice(AUTH_BASE_PATH.length);
    if (!googleSignIn && GOOGLE_PATHS.test(authPath)) {
      throw new AppError("NOT_FOUND", "Sign in with Google is not set up on this server");
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === CLIENT_IP_HEADER) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.delete("content-length");
    if (secureCookiesOnly) {
      // Production reads only the `__Secure-` cookies (session.ts, SessionCookieOptions).
      const cookie = withoutPlainAuthCookies(request.headers.cookie);
      if (cookie) headers.set("cookie", cookie);
      else headers.delete("cookie");
    }

    let forwarded: unknown;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const rule = BODY_RULES[authPath];
      forwarded = rule ? rule(request.body) : (request.body ?? {});
    }
    refuseUnstorableText({ path: url.pathname, query: request.query, body: forwarded });
    if (request.method === "GET") parse(RedirectQuerySchema, request.query);
    let body: string | undefined;
    if (forwarded !== undefined) {
      body = JSON.stringify(forwarded);
      headers.set("content-type", "application/json");
    }

    const response = await auth.handler(
      new Request(new URL(request.url, auth.options.baseURL), {
        method: request.method,
        headers,
        body,
      }),
    );

    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie" || name === "content-length") continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);

    const text = await response.text();
    if (!text) return reply.send();
    const contentType = response.headers.get("content-type") ?? "";
    if (!contentType.includes("application/json")) return reply.send(text);

    const json: unknown = JSON.parse(text);
    if (response.status >= 400) {
      const failure = z
        .object({ code: z.string().optional(), message: z.string().optional() })
        .safeParse(json);
      const code = failure.data?.code ?? (response.status === 429 ? "RATE_LIMITED" : "AUTH_ERROR");
      const message =
        failure.data?.message ?? (response.status === 429 ? "Too many requests" : "Request failed");
      if (BAD_REQUEST_STATUSES.has(response.status)) reply.status(400);
      return reply.send(errorBody(code, message));
    }
    if (USER_SHAPED_PATHS.has(authPath)) {
      const due = TwoFactorDueSchema.safeParse(json);
      if (due.success) return reply.send(due.data);
      const out = UserOutSchema.parse(json);
      return reply.send({
        user: { id: out.user.id, fullName: out.user.name, email: out.user.email },
      });
    }
    return reply.send(withoutTokens(json));
  };

  app.route({ method: ["GET", "POST"], url: `${AUTH_BASE_PATH}/*`, handler });
}
