import {
  ConventionsResponseSchema,
  UpdateConventionsRequestSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as conventions from "./conventions.service.ts";

export const conventionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/workspaces/:workspaceId/conventions",
    { schema: { params: WorkspaceIdParamsSchema, response: { 200: ConventionsResponseSchema } } },
    async (request) =>
      conventions.getConventions(db, request.params.workspaceId, currentUser(request).id),
  );

  app.put(
    "/api/workspaces/:workspaceId/conventions",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: UpdateConventionsRequestSchema,
        response: { 200: ConventionsResponseSchema },
      },
    },
    async (request) =>
      conventions.updateConventions(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body,
      ),
  );
};
