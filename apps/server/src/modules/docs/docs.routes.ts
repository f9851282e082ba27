import {
  DocsCheckListResponseSchema,
  DocsCheckParamsSchema,
  DocsCheckResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getDocsCheck, listDocsChecks } from "./docs.service.ts";

/** `GET /api/docs/checks[/:checkId]`: the public docs' check catalogue, open to anyone. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/docs/checks",
    { schema: { response: { 200: DocsCheckListResponseSchema } } },
    async () => ({ checks: listDocsChecks() }),
  );

  app.get(
    "/api/docs/checks/:checkId",
    { schema: { params: DocsCheckParamsSchema, response: { 200: DocsCheckResponseSchema } } },
    async (request) => ({ check: getDocsCheck(request.params.checkId) }),
  );
};
