import {
  AdminRecentScansResponseSchema,
  AdminStatsSchema,
  AdminSubscriptionUpdateSchema,
  AdminUserParamsSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  AdminWorkspacesResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../auth/session.ts";
import type { BillingSetup } from "../billing/billing-setup.ts";
import * as admin from "./admin.service.ts";

/** The admin console's API (spec §2 /admin, §6 "System admin"): administrators only. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; billing: BillingSetup | null }> = async (
  app,
  { db, billing },
) => {
  // onRequest, not preHandler: a non-admin is refused before the body is even validated.
  app.addHook("onRequest", async (request) => {
    await admin.requireAdmin(db, currentUser(request).id);
  });

  app.get("/api/admin/stats", { schema: { response: { 200: AdminStatsSchema } } }, async () =>
    admin.getStats(db),
  );

  app.get(
    "/api/admin/recent-scans",
    { schema: { response: { 200: AdminRecentScansResponseSchema } } },
    async () => ({ scans: await admin.listRecentScans(db) }),
  );

  app.get(
    "/api/admin/users",
    { schema: { response: { 200: AdminUsersResponseSchema } } },
    async () => ({ users: await admin.listUsers(db) }),
  );

  app.patch(
    "/api/admin/users/:userId/subscription",
    {
      schema: {
        params: AdminUserParamsSchema,
        body: AdminSubscriptionUpdateSchema,
        response: { 200: AdminUserResponseSchema },
      },
    },
    async (request) => ({
      user: await admin.updateSubscription(db, billing, request.params.userId, request.body),
    }),
  );

  app.get(
    "/api/admin/workspaces",
    { schema: { response: { 200: AdminWorkspacesResponseSchema } } },
    async () => ({ workspaces: await admin.listWorkspaces(db) }),
  );
};
