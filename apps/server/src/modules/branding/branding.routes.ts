import {
  BrandingResponseSchema,
  BrandLogoFileSchema,
  UpdateBrandingRequestSchema,
  UploadBrandLogoRequestSchema,
  WorkspaceIdParamsSchema,
} from "@utmost/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as branding from "./branding.service.ts";

/** A 512 KB logo is about 700 KB of base64; the service gives the clear message past 512 KB. */
const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

/** The logo's own bytes; private, never cached, never sniffed as anything but its type. */
function sendImage(reply: FastifyReply, logo: { bytes: Buffer; contentType: string }) {
  return reply
    .header("content-type", logo.contentType)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(logo.bytes);
}

export const brandingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const path = "/api/workspaces/:workspaceId/branding";

  app.get(
    path,
    { schema: { params: WorkspaceIdParamsSchema, response: { 200: BrandingResponseSchema } } },
    async (request) => ({
      branding: await branding.getBranding(db, request.params.workspaceId, currentUser(request).id),
    }),
  );

  app.put(
    path,
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: UpdateBrandingRequestSchema,
        response: { 200: BrandingResponseSchema },
      },
    },
    async (request) => ({
      branding: await branding.updateBranding(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body,
      ),
    }),
  );

  app.get(
    `${path}/logo`,
    { schema: { params: WorkspaceIdParamsSchema, response: { 200: BrandLogoFileSchema } } },
    async (request, reply) => {
      const logo = await branding.getLogo(db, request.params.workspaceId, currentUser(request).id);
      return sendImage(reply, logo);
    },
  );

  app.put(
    `${path}/logo`,
    {
      bodyLimit: LOGO_BODY_LIMIT,
      schema: {
        params: WorkspaceIdParamsSchema,
        body: UploadBrandLogoRequestSchema,
        response: { 200: BrandingResponseSchema },
      },
    },
    async (request) => ({
      branding: await branding.uploadLogo(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body.dataUrl,
      ),
    }),
  );

  app.delete(
    `${path}/logo`,
    { schema: { params: WorkspaceIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await branding.deleteLogo(db, request.params.workspaceId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
