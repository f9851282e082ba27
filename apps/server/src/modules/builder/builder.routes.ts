import {
  BuilderLinkIdParamsSchema,
  BuilderLinkListQuerySchema,
  BuilderLinkListResponseSchema,
  BuilderLinkResponseSchema,
  CreateBuilderLinkRequestSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as builder from "./builder.service.ts";

export const builderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/workspaces/:workspaceId/links",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        querystring: BuilderLinkListQuerySchema,
        response: { 200: BuilderLinkListResponseSchema },
      },
    },
    async (request) =>
      builder.listLinks(db, request.params.workspaceId, currentUser(request).id, request.query),
  );

  app.post(
    "/api/workspaces/:workspaceId/links",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: CreateBuilderLinkRequestSchema,
        response: { 201: BuilderLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const link = await builder.createLink(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body,
      );
      return reply.status(201).send({ link });
    },
  );

  app.delete(
    "/api/links/:linkId",
    { schema: { params: BuilderLinkIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await builder.deleteLink(db, request.params.linkId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
