import {
  ApiKeyIdParamsSchema,
  ApiKeyListResponseSchema,
  CreateApiKeyRequestSchema,
  CreateApiKeyResponseSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as apiKeys from "./api-keys.service.ts";

export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/workspaces/:workspaceId/api-keys",
    { schema: { params: WorkspaceIdParamsSchema, response: { 200: ApiKeyListResponseSchema } } },
    async (request) => ({
      apiKeys: await apiKeys.listApiKeys(db, request.params.workspaceId, currentUser(request).id),
    }),
  );

  app.post(
    "/api/workspaces/:workspaceId/api-keys",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: CreateApiKeyRequestSchema,
        response: { 201: CreateApiKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.createApiKey(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body.name,
      );
      // The key is in this body only: no cache may keep it.
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  app.delete(
    "/api/api-keys/:apiKeyId",
    { schema: { params: ApiKeyIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await apiKeys.revokeApiKey(db, request.params.apiKeyId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
