import { MeResponseSchema, UpdateProfileRequestSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
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

  app.post(
    "/api/me/onboarding/complete",
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await accounts.completeOnboarding(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
