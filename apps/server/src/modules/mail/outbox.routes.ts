import { OutboxResponseSchema } from "@utmost/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { listOutbox, type Mailer } from "./mailer.ts";

/**
 * The local outbox exists only in the embedded demo, where no mail leaves the machine; it is
 * public so that a signed-out person can read their password-reset mail.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mailer: Mailer;
  demoMode: boolean;
}> = async (app, { db, mailer, demoMode }) => {
  const outboxEnabled = demoMode && mailer.kind === "outbox";

  app.get("/api/dev/outbox", { schema: { response: { 200: OutboxResponseSchema } } }, async () => {
    if (!outboxEnabled) throw new AppError("NOT_FOUND", "The outbox is not enabled");
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
