import {
  DataSourceIdParamsSchema,
  ReportFileSchema,
  ReportIdParamsSchema,
  ReportListResponseSchema,
  ReportResponseSchema,
} from "@utmost/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { currentUser } from "../auth/session.ts";
import * as reports from "./reports.service.ts";

/** The PDF as a download; the name is plain ASCII (reportFileName), so no RFC 5987 form. */
function sendPdf(
  reply: FastifyReply,
  file: { fileName: string; content: Buffer; contentType: string },
) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file.content);
}

export const reportsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Undefined when the app runs without a job queue: reports cannot be made then. */
  enqueueReport: reports.EnqueueReport | undefined;
}> = async (app, { db, enqueueReport }) => {
  app.post(
    "/api/data-sources/:dataSourceId/reports",
    { schema: { params: DataSourceIdParamsSchema, response: { 202: ReportResponseSchema } } },
    async (request, reply) => {
      if (!enqueueReport) {
        throw new AppError("INTERNAL", "PDF reports are not available on this server");
      }
      const report = await reports.requestReport(
        db,
        enqueueReport,
        request.params.dataSourceId,
        currentUser(request).id,
      );
      return reply.status(202).send({ report });
    },
  );

  app.get(
    "/api/data-sources/:dataSourceId/reports",
    { schema: { params: DataSourceIdParamsSchema, response: { 200: ReportListResponseSchema } } },
    async (request) => ({
      reports: await reports.listReports(db, request.params.dataSourceId, currentUser(request).id),
    }),
  );

  app.get(
    "/api/reports/:reportId",
    { schema: { params: ReportIdParamsSchema, response: { 200: ReportResponseSchema } } },
    async (request) => ({
      report: await reports.getReport(db, request.params.reportId, currentUser(request).id),
    }),
  );

  app.get(
    "/api/reports/:reportId/download",
    { schema: { params: ReportIdParamsSchema, response: { 200: ReportFileSchema } } },
    async (request, reply) => {
      const file = await reports.downloadReport(
        db,
        request.params.reportId,
        currentUser(request).id,
      );
      return sendPdf(reply, file);
    },
  );
};
