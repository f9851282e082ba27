import {
  CSV_CONTENT_TYPE,
  CsvExportSchema,
  DataSourceIdParamsSchema,
  DateRangeQuerySchema,
  IssueCountsResponseSchema,
  IssueIdParamsSchema,
  IssueListQuerySchema,
  IssueListResponseSchema,
  IssueResponseSchema,
  MuteIssueRequestSchema,
  ScanIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import { type CsvExport, exportAuditCsv, exportIssueCsv } from "./issue-exports.service.ts";
import * as issues from "./issues.service.ts";

/** The file goes to the browser as a download; the name is plain ASCII, so no RFC 5987 form. */
function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .header("content-type", CSV_CONTENT_TYPE)
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}

function logExportFailure(log: FastifyBaseLogger) {
  return (error: unknown) => log.warn({ err: error }, "CSV export stopped before the end");
}

export const issuesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/data-sources/:dataSourceId/issues",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        querystring: IssueListQuerySchema,
        response: { 200: IssueListResponseSchema },
      },
    },
    async (request) => ({
      issues: await issues.listIssues(
        db,
        request.params.dataSourceId,
        currentUser(request).id,
        request.query,
      ),
    }),
  );

  app.get(
    "/api/data-sources/:dataSourceId/issue-counts",
    {
      schema: {
        params: DataSourceIdParamsSchema,
        response: { 200: IssueCountsResponseSchema },
      },
    },
    async (request) => issues.issueCounts(db, request.params.dataSourceId, currentUser(request).id),
  );

  app.post(
    "/api/issues/:issueId/mute",
    {
      schema: {
        params: IssueIdParamsSchema,
        body: MuteIssueRequestSchema,
        response: { 200: IssueResponseSchema },
      },
    },
    async (request) => ({
      issue: await issues.muteIssue(
        db,
        request.params.issueId,
        currentUser(request).id,
        request.body.reason,
      ),
    }),
  );

  app.post(
    "/api/issues/:issueId/resolve",
    { schema: { params: IssueIdParamsSchema, response: { 200: IssueResponseSchema } } },
    async (request) => ({
      issue: await issues.resolveIssue(db, request.params.issueId, currentUser(request).id),
    }),
  );

  app.post(
    "/api/issues/:issueId/unmute",
    { schema: { params: IssueIdParamsSchema, response: { 200: IssueResponseSchema } } },
    async (request) => ({
      issue: await issues.unmuteIssue(db, request.params.issueId, currentUser(request).id),
    }),
  );

  app.post(
    "/api/issues/:issueId/reopen",
    { schema: { params: IssueIdParamsSchema, response: { 200: IssueResponseSchema } } },
    async (request) => ({
      issue: await issues.reopenIssue(db, request.params.issueId, currentUser(request).id),
    }),
  );

  app.get(
    "/api/issues/:issueId/export.csv",
    {
      schema: {
        params: IssueIdParamsSchema,
        querystring: DateRangeQuerySchema,
        response: { 200: CsvExportSchema },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportIssueCsv(
          db,
          request.params.issueId,
          currentUser(request).id,
          request.query.days,
          logExportFailure(request.log),
        ),
      ),
  );

  app.get(
    "/api/scans/:scanId/export.csv",
    {
      schema: {
        params: ScanIdParamsSchema,
        querystring: DateRangeQuerySchema,
        response: { 200: CsvExportSchema },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportAuditCsv(
          db,
          request.params.scanId,
          currentUser(request).id,
          request.query.days,
          logExportFailure(request.log),
        ),
      ),
  );
};
