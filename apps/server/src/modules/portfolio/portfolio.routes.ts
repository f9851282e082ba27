import { PortfolioResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import { listPortfolio } from "./portfolio.service.ts";

export const portfolioRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/portfolio",
    { schema: { response: { 200: PortfolioResponseSchema } } },
    async (request) => ({
      properties: await listPortfolio(db, currentUser(request).id),
    }),
  );
};
