import {
  PublicErrorSchema,
  PublicIssueListQuerySchema,
  PublicIssueListResponseSchema,
  PublicPropertyIdParamsSchema,
  PublicPropertyListResponseSchema,
  PublicPropertyResponseSchema,
  PublicScanDetailResponseSchema,
  PublicScanIdParamsSchema,
  PublicScanListQuerySchema,
  PublicScanListResponseSchema,
  PublicScanResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { createRequireApiKey, keyWorkspaceId } from "./api-key-auth.ts";
import * as publicApi from "./public-api.service.ts";

/** Where the public API lives; the OpenAPI document lists only these routes. */
export const PUBLIC_API_PREFIX = "/api/v1";

/** The failures every route may answer, as documented. */
const refusals = {
  401: PublicErrorSchema.describe("No API key, or one that is malformed, unknown or revoked."),
  403: PublicErrorSchema.describe(
    "The workspace owner's plan no longer includes API access, or keeps no history as old as the scan (`PLAN_UPGRADE_REQUIRED`).",
  ),
};
const notFound = { 404: PublicErrorSchema.describe("Not in the API key's workspace.") };
const invalid = { 400: PublicErrorSchema.describe("A parameter is not valid.") };

/**
 * `/api/v1`: read a workspace's properties, scans and issues, and start audits, with a workspace
 * API key (ADR 012). Registered outside the session scope: the key is the only credential.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{
  db: Db;
  scanStarter: ScanStarter | undefined;
  rateLimitPerMinute: number;
}> = async (app, { db, scanStarter, rateLimitPerMinute }) => {
  app.addHook("onRequest", createRequireApiKey(db, { rateLimitPerMinute }));

  app.get(
    `${PUBLIC_API_PREFIX}/properties`,
    {
      schema: {
        tags: ["Properties"],
        summary: "List properties",
        description: "Every Google Analytics 4 property of the API key's workspace, newest first.",
        response: { 200: PublicPropertyListResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      properties: await publicApi.listProperties(db, keyWorkspaceId(request)),
    }),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/properties/:propertyId`,
    {
      schema: {
        tags: ["Properties"],
        summary: "Get a property",
        description: "One property with the health score and grade of its latest completed scan.",
        params: PublicPropertyIdParamsSchema,
        response: { 200: PublicPropertyResponseSchema, ...invalid, ...refusals, ...notFound },
      },
    },
    async (request) => ({
      property: await publicApi.getProperty(db, keyWorkspaceId(request), request.params.propertyId),
    }),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/properties/:propertyId/scans`,
    {
      schema: {
        tags: ["Scans"],
        summary: "List a property's scans",
        description:
          "The property's most recent scans, newest first, running ones included, within the history the workspace owner's plan keeps (Team 90 days, Agency every scan); the latest completed scan is always listed.",
        params: PublicPropertyIdParamsSchema,
        querystring: PublicScanListQuerySchema,
        response: { 200: PublicScanListResponseSchema, ...invalid, ...refusals, ...notFound },
      },
    },
    async (request) => ({
      scans: await publicApi.listScans(
        db,
        keyWorkspaceId(request),
        request.params.propertyId,
        request.query.limit,
      ),
    }),
  );

  app.post(
    `${PUBLIC_API_PREFIX}/properties/:propertyId/scans`,
    {
      schema: {
        tags: ["Scans"],
        summary: "Start a scan",
        description:
          "Starts an audit of the property, as Run Audit does in the app. The scan runs in the background: follow it with `GET /api/v1/scans/{scanId}` until its status is no longer `running`.",
        params: PublicPropertyIdParamsSchema,
        response: {
          202: PublicScanResponseSchema.describe("The scan, started."),
          ...invalid,
          ...refusals,
          ...notFound,
          409: PublicErrorSchema.describe(
            "An audit of the property is already running (`AUDIT_ALREADY_RUNNING`), or the property lost its Google access and must be reconnected in the app (`PROPERTY_INACTIVE`).",
          ),
        },
      },
    },
    async (request, reply) => {
      if (!scanStarter) throw new AppError("INTERNAL", "Audits are not available on this server");
      const scan = await publicApi.startScan(
        db,
        scanStarter,
        keyWorkspaceId(request),
        request.params.propertyId,
      );
      return reply.status(202).send({ scan });
    },
  );

  app.get(
    `${PUBLIC_API_PREFIX}/scans/:scanId`,
    {
      schema: {
        tags: ["Scans"],
        summary: "Get a scan",
        description:
          "One scan: its progress while running; once completed, its score, counts and what each check concluded (passed, failed, or skipped with the reason). A scan older than the history the workspace owner's plan keeps answers 403 `PLAN_UPGRADE_REQUIRED`.",
        params: PublicScanIdParamsSchema,
        response: { 200: PublicScanDetailResponseSchema, ...invalid, ...refusals, ...notFound },
      },
    },
    async (request) => ({
      scan: await publicApi.getScan(db, keyWorkspaceId(request), request.params.scanId),
    }),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/properties/:propertyId/issues`,
    {
      schema: {
        tags: ["Issues"],
        summary: "List a property's issues",
        description:
          "The property's UTM issues last detected within the history the workspace owner's plan keeps, critical first, a page at a time: pass `nextOffset` as `offset` for the next page.",
        params: PublicPropertyIdParamsSchema,
        querystring: PublicIssueListQuerySchema,
        response: { 200: PublicIssueListResponseSchema, ...invalid, ...refusals, ...notFound },
      },
    },
    async (request) =>
      publicApi.listIssues(db, keyWorkspaceId(request), request.params.propertyId, request.query),
  );
};
