import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import type { Auth } from "./auth.ts";

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireSession` on every app route; absent elsewhere. */
    sessionUser?: SessionUser;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a user whose account is scheduled for deletion (who is signed in to
     * recover it or take their data); every other app route refuses them.
     */
    allowPendingDeletion?: boolean;
  }
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
  return headers;
}

/**
 * An onRequest hook: no valid session cookie, no access (401); an account scheduled for deletion
 * reaches only the routes marked `allowPendingDeletion` (403).
 */
export function createRequireSession(auth: Auth) {
  return async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
    const result = await auth.api.getSession({ headers: toHeaders(request) });
    if (!result) throw new AppError("UNAUTHENTICATED", "You must be signed in");
    if (result.user.deletionRequestedAt && !request.routeOptions.config.allowPendingDeletion) {
      throw new AppError(
        "ACCOUNT_PENDING_DELETION",
        "Your account is scheduled for deletion. Recover it to continue.",
      );
    }
    request.sessionUser = {
      id: result.user.id,
      email: result.user.email,
      fullName: result.user.name,
    };
  };
}

/** The signed-in user of a route guarded by `requireSession`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  return request.sessionUser;
}
