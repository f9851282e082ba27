import {
  WorkspaceIdParamsSchema,
  WorkspaceListResponseSchema,
  WorkspaceMemberListResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as workspaces from "./workspaces.service.ts";

export const workspacesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/workspaces",
    { schema: { response: { 200: WorkspaceListResponseSchema } } },
    async (request) => ({
      workspaces: await workspaces.listWorkspaces(db, currentUser(request).id),
    }),
  );

  app.get(
    "/api/workspaces/:workspaceId/members",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        response: { 200: WorkspaceMemberListResponseSchema },
      },
    },
    async (request) =>
      workspaces.listMembers(db, request.params.workspaceId, currentUser(request).id),
  );
};
