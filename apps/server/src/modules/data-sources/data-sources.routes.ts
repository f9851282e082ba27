import {
  DataSourceIdParamsSchema,
  DataSourceListResponseSchema,
  DataSourceResponseSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import { createGoogleOAuthClient } from "../../integrations/google/index.ts";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import { currentUser } from "../auth/session.ts";
import type { GoogleSetup } from "../google/google-setup.ts";
import * as dataSources from "./data-sources.service.ts";

export const dataSourcesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  google: GoogleSetup | null;
}> = async (app, { db, config, google }) => {
  const cipher = createAppTokenCipher(config);
  const revoker = google
    ? createGoogleOAuthClient({
        endpoints: google.endpoints,
        clientId: google.client.clientId,
        clientSecret: google.client.clientSecret,
        // Best effort behind a delete that has already happened: never keep the person waiting.
        timeoutMs: 5_000,
        retry: { maxAttempts: 2, maxTotalDelayMs: 1_000 },
      })
    : null;

  app.get(
    "/api/workspaces/:workspaceId/data-sources",
    {
      schema: { params: WorkspaceIdParamsSchema, response: { 200: DataSourceListResponseSchema } },
    },
    async (request) => ({
      dataSources: await dataSources.listDataSources(
        db,
        request.params.workspaceId,
        currentUser(request).id,
      ),
    }),
  );

  app.get(
    "/api/data-sources/:dataSourceId",
    { schema: { params: DataSourceIdParamsSchema, response: { 200: DataSourceResponseSchema } } },
    async (request) => ({
      dataSource: await dataSources.getDataSource(
        db,
        request.params.dataSourceId,
        currentUser(request).id,
      ),
    }),
  );

  app.delete(
    "/api/data-sources/:dataSourceId",
    { schema: { params: DataSourceIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await dataSources.deleteDataSource(
        { db, cipher, revoker, log: request.log },
        request.params.dataSourceId,
        currentUser(request).id,
      );
      return reply.status(204).send(null);
    },
  );
};
