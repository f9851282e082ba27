import {
  DataSourceIdParamsSchema,
  HistoryWindowResponseSchema,
  ScanDetailResponseSchema,
  ScanIdParamsSchema,
  ScanListResponseSchema,
  ScanResponseSchema,
  StartAuditRequestSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { currentUser } from "../auth/session.ts";
import type { ScanStarter } from "./scan-starter.ts";
import * as scans from "./scans.service.ts";

/** `?limit=`: newest first, 20 by default, at most 100. */
const ScanListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20),
});

export const scansRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Undefined when the app runs without a job queue: audits cannot start then. */
  scanStarter: ScanStarter | undefined;
}> = async (app, { db, scanStarter }) => {
  app.post(
    "/api/data-sources/:dataSourceId/audits",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        // The body may be left out (Fastify then hands over null): "Run Audit" is a manual scan.
        body: StartAuditRequestSchema.nullish(),
        response: { 200: ScanResponseSchema, 202: ScanResponseSchema },
      },
    },
    async (request, reply) => {
      if (!scanStarter) throw new AppError("INTERNAL", "Audits are not available on this server");
      const { scan, created } = await scans.startAudit(db, scanStarter, {
        dataSourceId: request.params.dataSourceId,
        userId: currentUser(request).id,
        scanType: request.body?.scanType ?? "manual",
      });
      return reply.status(created ? 202 : 200).send({ scan });
    },
  );

  app.get(
    "/api/scans/:scanId",
    { schema: { params: ScanIdParamsSchema, response: { 200: ScanDetailResponseSchema } } },
    async (request) => ({
      scan: await scans.getScan(db, request.params.scanId, currentUser(request).id),
    }),
  );

  app.get(
    "/api/data-sources/:dataSourceId/scans",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        querystring: ScanListQuerySchema,
        response: { 200: ScanListResponseSchema },
      },
    },
    async (request) => ({
      scans: await scans.listScans(db, {
        dataSourceId: request.params.dataSourceId,
        userId: currentUser(request).id,
        limit: request.query.limit,
      }),
    }),
  );

  app.get(
    "/api/data-sources/:dataSourceId/history-window",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        response: { 200: HistoryWindowResponseSchema },
      },
    },
    async (request) => ({
      history: await scans.historyWindow(db, request.params.dataSourceId, currentUser(request).id),
    }),
  );
};
