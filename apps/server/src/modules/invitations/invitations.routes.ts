import {
  AcceptInvitationResponseSchema,
  InvitationLookupQuerySchema,
  InvitationLookupResponseSchema,
  InvitationParamsSchema,
  InvitationTokenRequestSchema,
  SendInvitationRequestSchema,
  WorkspaceIdParamsSchema,
  WorkspaceInvitationListResponseSchema,
  WorkspaceInvitationResponseSchema,
} from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import type { Mailer } from "../mail/mailer.ts";
import * as invitations from "./invitations.service.ts";

interface InvitationRoutesOptions {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  adminEmails?: readonly string[];
}

function depsFor(
  { db, mailer, appUrl, adminEmails }: InvitationRoutesOptions,
  log: FastifyBaseLogger,
): invitations.InvitationDeps {
  return { db, mailer, appUrl, adminEmails, log };
}

/** Signed-in routes: a workspace's invitations (owner/admin) and the invitee's answer. */
export const invitationsRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    "/api/workspaces/:workspaceId/invitations",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        response: { 200: WorkspaceInvitationListResponseSchema },
      },
    },
    async (request) => ({
      invitations: await invitations.listInvitations(
        depsFor(options, request.log),
        request.params.workspaceId,
        currentUser(request).id,
      ),
    }),
  );

  app.post(
    "/api/workspaces/:workspaceId/invitations",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: SendInvitationRequestSchema,
        response: { 201: WorkspaceInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.sendInvitation(
        depsFor(options, request.log),
        request.params.workspaceId,
        currentUser(request),
        request.body,
      );
      return reply.status(201).send({ invitation });
    },
  );

  app.delete(
    "/api/workspaces/:workspaceId/invitations/:invitationId",
    { schema: { params: InvitationParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await invitations.cancelInvitation(
        depsFor(options, request.log),
        request.params.workspaceId,
        currentUser(request).id,
        request.params.invitationId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invitations/accept",
    {
      schema: {
        body: InvitationTokenRequestSchema,
        response: { 200: AcceptInvitationResponseSchema },
      },
    },
    async (request) =>
      invitations.acceptInvitation(
        depsFor(options, request.log),
        currentUser(request),
        request.body.token,
      ),
  );

  app.post(
    "/api/invitations/decline",
    { schema: { body: InvitationTokenRequestSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await invitations.declineInvitation(
        depsFor(options, request.log),
        currentUser(request),
        request.body.token,
      );
      return reply.status(204).send(null);
    },
  );
};

/**
 * Public: the acceptance page shows the invitation before anyone signs in (spec §2: Sign In
 * Required comes after the invitation's own states). The token itself is the credential.
 */
export const invitationLookupRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    "/api/invitations/lookup",
    {
      schema: {
        querystring: InvitationLookupQuerySchema,
        response: { 200: InvitationLookupResponseSchema },
      },
      // The request log line would carry the token in its URL.
      logLevel: "warn",
    },
    async (request) => ({
      invitation: await invitations.lookupInvitation(
        depsFor(options, request.log),
        request.query.token,
      ),
    }),
  );
};
