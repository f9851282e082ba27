import { DataSourceIdParamsSchema, TrendsResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import { getTrends } from "./trends.service.ts";

export const trendsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/data-sources/:dataSourceId/trends",
    { schema: { params: DataSourceIdParamsSchema, response: { 200: TrendsResponseSchema } } },
    async (request) => getTrends(db, request.params.dataSourceId, currentUser(request).id),
  );
};
