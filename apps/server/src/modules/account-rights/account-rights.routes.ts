import {
  AccountDeletionResponseSchema,
  AccountExportFileSchema,
  AccountExportQuerySchema,
  RequestAccountDeletionSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Auth } from "../auth/auth.ts";
import { currentUser } from "../auth/session.ts";
import * as accountRights from "./account-rights.service.ts";

/** Export and deletion (spec §9 legal facts). Export and recovery answer during a deletion. */
export const accountRightsRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (
  app,
  { db, auth },
) => {
  // Better Auth's own hasher, so any hash it stored verifies the same way sign-in does.
  const passwords: accountRights.PasswordVerifier = {
    verify: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
  };

  app.get(
    "/api/me/export",
    {
      schema: { querystring: AccountExportQuerySchema, response: { 200: AccountExportFileSchema } },
      config: { allowPendingDeletion: true },
    },
    async (request, reply) => {
      const file = await accountRights.exportAccount(
        db,
        currentUser(request).id,
        request.query.format,
        new Date(),
      );
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );

  app.post(
    "/api/me/deletion",
    {
      schema: {
        body: RequestAccountDeletionSchema,
        response: { 200: AccountDeletionResponseSchema },
      },
    },
    async (request) =>
      accountRights.requestDeletion(
        db,
        passwords,
        currentUser(request).id,
        request.body,
        new Date(),
      ),
  );

  app.post(
    "/api/me/deletion/cancel",
    { schema: { response: { 204: z.null() } }, config: { allowPendingDeletion: true } },
    async (request, reply) => {
      await accountRights.cancelDeletion(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
