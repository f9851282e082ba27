import {
  ConfirmAlertRecipientRequestSchema,
  ConfirmAlertRecipientResponseSchema,
} from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { confirmRecipient } from "./alert-recipients.service.ts";

/**
 * Public: the recipient of an alert rule confirms with the token of the mailed link, signed in
 * or not (the address may have no account). A POST from the confirmation page, never the link's
 * GET itself, so a mail scanner that opens links confirms nothing.
 */
export const alertRecipientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/alert-recipients/confirm",
    {
      schema: {
        body: ConfirmAlertRecipientRequestSchema,
        response: { 200: ConfirmAlertRecipientResponseSchema },
      },
    },
    async (request) => confirmRecipient(db, request.body.token),
  );
};
