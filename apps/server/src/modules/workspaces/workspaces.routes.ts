import {
  CreateWorkspaceRequestSchema,
  UpdateMemberAccessRequestSchema,
  UpdateMemberRoleRequestSchema,
  UpdateWorkspaceRequestSchema,
  WorkspaceIdParamsSchema,
  WorkspaceListResponseSchema,
  WorkspaceMemberListResponseSchema,
  WorkspaceMemberParamsSchema,
  WorkspaceMemberResponseSchema,
  WorkspaceResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import * as workspaces from "./workspaces.service.ts";

export const workspacesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/workspaces",
    { schema: { response: { 200: WorkspaceListResponseSchema } } },
    async (request) => ({
      workspaces: await workspaces.listWorkspaces(db, currentUser(request).id),
    }),
  );

  app.post(
    "/api/workspaces",
    { schema: { body: CreateWorkspaceRequestSchema, response: { 201: WorkspaceResponseSchema } } },
    async (request, reply) => {
      const workspace = await workspaces.createWorkspace(db, currentUser(request).id, request.body);
      return reply.status(201).send({ workspace });
    },
  );

  app.patch(
    "/api/workspaces/:workspaceId",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        body: UpdateWorkspaceRequestSchema,
        response: { 200: WorkspaceResponseSchema },
      },
    },
    async (request) => ({
      workspace: await workspaces.renameWorkspace(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.body.name,
      ),
    }),
  );

  app.delete(
    "/api/workspaces/:workspaceId",
    { schema: { params: WorkspaceIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await workspaces.deleteWorkspace(db, request.params.workspaceId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/workspaces/:workspaceId/members",
    {
      schema: {
        params: WorkspaceIdParamsSchema,
        response: { 200: WorkspaceMemberListResponseSchema },
      },
    },
    async (request) =>
      workspaces.listMembers(db, request.params.workspaceId, currentUser(request).id),
  );

  app.patch(
    "/api/workspaces/:workspaceId/members/:userId",
    {
      schema: {
        params: WorkspaceMemberParamsSchema,
        body: UpdateMemberRoleRequestSchema,
        response: { 200: WorkspaceMemberResponseSchema },
      },
    },
    async (request) => ({
      member: await workspaces.changeMemberRole(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  // Client-level access (Agency, ADR 024): every property or chosen ones.
  app.put(
    "/api/workspaces/:workspaceId/members/:userId/access",
    {
      schema: {
        params: WorkspaceMemberParamsSchema,
        body: UpdateMemberAccessRequestSchema,
        response: { 200: WorkspaceMemberResponseSchema },
      },
    },
    async (request) => ({
      member: await workspaces.setMemberAccess(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  app.delete(
    "/api/workspaces/:workspaceId/members/:userId",
    { schema: { params: WorkspaceMemberParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await workspaces.removeMember(
        db,
        request.params.workspaceId,
        currentUser(request).id,
        request.params.userId,
      );
      return reply.status(204).send(null);
    },
  );
};
