import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { sessions, users } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import {
  type Auth,
  COOKIE_PREFIX,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "./auth.ts";

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireSession` on every app route; absent elsewhere. */
    sessionUser?: SessionUser;
    /** The id of the session the request carries (set with `sessionUser`). */
    sessionId?: string;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a user whose account is scheduled for deletion (who is signed in to
     * recover it or take their data); every other app route refuses them.
     */
    allowPendingDeletion?: boolean;
  }
}

/** How the session cookie is read: its signing secret, and whether only `__Secure-` counts. */
export interface SessionCookieOptions {
  secret: string;
  /**
   * Production: only the `__Secure-` session cookie, which a browser accepts over HTTPS alone,
   * is read. The plain name could be set by a man in the middle on plain http or by a sibling
   * subdomain (cookie tossing), and Better Auth's helpers would read it beside the secure one.
   */
  secureCookiesOnly: boolean;
}

const SECURE_PREFIX = "__Secure-";

/**
 * A Cookie header without Better Auth's cookies of the plain name (`utmost.*`), for production,
 * where only their `__Secure-` twins are set; other cookies pass as they are.
 */
export function withoutPlainAuthCookies(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return cookieHeader;
  const kept = cookieHeader
    .split(";")
    .filter((part) => !part.trim().startsWith(`${COOKIE_PREFIX}.`))
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return kept.length > 0 ? kept.join("; ") : undefined;
}

function toHeaders(cookieHeader: string | undefined): Headers {
  const headers = new Headers();
  if (cookieHeader) headers.set("cookie", cookieHeader);
  return headers;
}

interface ActiveSession {
  sessionId: string;
  user: SessionUser;
  deletionRequestedAt: Date | null;
}

/**
 * The session of a request, read the way Better Auth reads it but in one query: the cookie's
 * HMAC-SHA256 signature (`token.signature`, signed with APP_SECRET) is checked here, then the
 * session and its user are read together. Every request of the app passes through this, so it
 * is worth the one statement and the async Web Crypto calls saved (docs/performance.md).
 * `undefined` means "ask Better Auth": a session due for its sliding extension goes through
 * `getSession`, which extends it, exactly as before.
 */
function createSessionReader(db: Db, { secret, secureCookiesOnly }: SessionCookieOptions) {
  const secureName = `${SECURE_PREFIX}${COOKIE_PREFIX}.session_token`;
  const names = secureCookiesOnly ? [secureName] : [`${COOKIE_PREFIX}.session_token`, secureName];
  const bySessionToken = prepared(db, "session_by_token", (name) =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        deletionRequestedAt: users.deletionRequestedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder("token")))
      .limit(1)
      .prepare(name),
  );
  return async function readSession(
    cookieHeader: string | undefined,
  ): Promise<ActiveSession | null | undefined> {
    const token = signedToken(cookieHeader, names, secret);
    if (token === null) return null;
    const [row] = await bySessionToken.execute({ token });
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // Expired (Better Auth removes it), or due for extension: Better Auth decides.
    if (expiresAt <= now) return undefined;
    const dueForUpdate =
      expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
    if (dueForUpdate) return undefined;
    return {
      sessionId: row.sessionId,
      user: { id: row.id, email: row.email, fullName: row.fullName },
      deletionRequestedAt: row.deletionRequestedAt,
    };
  };
}

/** The session token from a signed session cookie, or null when there is none or it is forged. */
function signedToken(
  cookieHeader: string | undefined,
  names: readonly string[],
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const equals = part.indexOf("=");
    if (equals < 0 || !names.includes(part.slice(0, equals).trim())) continue;
    let value = part.slice(equals + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    return token;
  }
  return null;
}

/** The session a request carries, or null: what both `requireSession` and `GET /api/session` read. */
export function createSessionLookup(auth: Auth, db: Db, cookies: SessionCookieOptions) {
  const readSession = createSessionReader(db, cookies);
  return async function lookupSession(request: FastifyRequest): Promise<ActiveSession | null> {
    const cookieHeader = cookies.secureCookiesOnly
      ? withoutPlainAuthCookies(request.headers.cookie)
      : request.headers.cookie;
    const session = await readSession(cookieHeader);
    if (session !== undefined) return session;
    const result = await auth.api.getSession({ headers: toHeaders(cookieHeader) });
    return result
      ? {
          sessionId: result.session.id,
          user: { id: result.user.id, email: result.user.email, fullName: result.user.name },
          deletionRequestedAt: result.user.deletionRequestedAt ?? null,
        }
      : null;
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

/**
 * An onRequest hook: no valid session cookie, no access (401); an account scheduled for deletion
 * reaches only the routes marked `allowPendingDeletion` (403).
 */
export function createRequireSession(lookupSession: SessionLookup) {
  return async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
    const session = await lookupSession(request);
    if (!session) throw new AppError("UNAUTHENTICATED", "You must be signed in");
    if (session.deletionRequestedAt && !request.routeOptions.config.allowPendingDeletion) {
      throw new AppError(
        "ACCOUNT_PENDING_DELETION",
        "Your account is scheduled for deletion. Recover it to continue.",
      );
    }
    request.sessionUser = session.user;
    request.sessionId = session.sessionId;
  };
}

/** The id of the session of a route guarded by `requireSession`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  return request.sessionId;
}

/** The signed-in user of a route guarded by `requireSession`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  return request.sessionUser;
}
