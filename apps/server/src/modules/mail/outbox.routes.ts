import { OutboxResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { listOutbox } from "./mailer.ts";

/**
 * The local outbox, registered only in the embedded demo (app.ts), where no mail leaves the
 * machine; it is public so that a signed-out person can read their password-reset mail.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get("/api/dev/outbox", { schema: { response: { 200: OutboxResponseSchema } } }, async () => {
    const rows = await listOutbox(db);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
};
