import {
  MeResponseSchema,
  SessionResponseSchema,
  SignInSessionListResponseSchema,
  SignInSessionParamsSchema,
  SignOutOthersResponseSchema,
  UpdateProfileRequestSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentSessionId, currentUser, type SessionLookup } from "../auth/session.ts";
import * as accounts from "./accounts.service.ts";

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/me",
    // A pending deletion is shown from here, so it answers during one.
    { schema: { response: { 200: MeResponseSchema } }, config: { allowPendingDeletion: true } },
    async (request) => accounts.getMe(db, currentUser(request).id),
  );

  app.patch(
    "/api/me",
    { schema: { body: UpdateProfileRequestSchema, response: { 200: MeResponseSchema } } },
    async (request) => accounts.updateProfile(db, currentUser(request).id, request.body.fullName),
  );

  app.get(
    "/api/me/sessions",
    { schema: { response: { 200: SignInSessionListResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return accounts.listSessions(
        db,
        currentUser(request).id,
        currentSessionId(request),
        new Date(),
      );
    },
  );

  app.delete(
    "/api/me/sessions/:sessionId",
    { schema: { params: SignInSessionParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await accounts.signOutSession(
        db,
        currentUser(request).id,
        currentSessionId(request),
        request.params.sessionId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/me/sessions/sign-out-others",
    { schema: { response: { 200: SignOutOthersResponseSchema } } },
    async (request) =>
      accounts.signOutOthers(db, currentUser(request).id, currentSessionId(request)),
  );

  app.post(
    "/api/me/onboarding/complete",
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await accounts.completeOnboarding(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};

/**
 * `GET /api/session`: the signed-in user's `GET /api/me` answer, or null for a visitor with no
 * session, always 200, so the web app's public pages learn who is there without a 401 in the
 * browser's console. `GET /api/me` itself stays a guarded route (401 when signed out; ADR 018).
 */
export const sessionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  lookupSession: SessionLookup;
}> = async (app, { db, lookupSession }) => {
  app.get(
    "/api/session",
    { schema: { response: { 200: SessionResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const session = await lookupSession(request);
      return session ? accounts.getMe(db, session.user.id) : null;
    },
  );
};
