import type { FastifyInstance } from "fastify";
import type { DodoControl } from "../control.ts";
import { invalidBody, notFound } from "../dodo-error.ts";
import { sendJson } from "./reply.ts";

/**
 * `/__emulator/*`: DodoControl over HTTP for tests and demos in another process (a browser e2e
 * run). Registered only with `control: true`, never in a production app. Each answers JSON:
 * the subscription after the change, `{ subscription_id }` for a paid checkout, the
 * subscriptions, the deliveries, `{ status }` for a redelivery or `{ now }` for the clock;
 * refusals in Dodo's error shape.
 */
export function registerControlRoutes(fastify: FastifyInstance, control: DodoControl): void {
  type SubscriptionAction = "renew" | "failRenewal" | "cancel";
  const subscriptionActions: [string, SubscriptionAction][] = [
    ["renew", "renew"],
    ["fail-renewal", "failRenewal"],
    ["cancel", "cancel"],
  ];
  for (const [path, action] of subscriptionActions) {
    fastify.post<{ Params: { id: string } }>(
      `/__emulator/subscriptions/:id/${path}`,
      async (request, reply) => {
        await control[action](request.params.id);
        const subscription = control.subscription(request.params.id);
        if (subscription === undefined) throw notFound("Subscription", request.params.id);
        return sendJson(reply, 200, subscription);
      },
    );
  }

  fastify.post<{ Params: { id: string } }>(
    "/__emulator/checkouts/:id/pay",
    async (request, reply) => {
      const { subscriptionId } = await control.pay(request.params.id);
      return sendJson(reply, 200, { subscription_id: subscriptionId });
    },
  );

  fastify.post<{ Params: { id: string } }>(
    "/__emulator/checkouts/:id/fail",
    async (request, reply) => {
      await control.failCheckout(request.params.id);
      return sendJson(reply, 200, {});
    },
  );

  fastify.get("/__emulator/subscriptions", async (_request, reply) =>
    sendJson(reply, 200, { items: control.subscriptions() }),
  );

  fastify.post("/__emulator/clock", async (request, reply) => {
    const body = request.body as { now?: unknown } | undefined;
    const at = body?.now;
    if (at !== null && (typeof at !== "string" || Number.isNaN(Date.parse(at)))) {
      throw invalidBody("now must be an ISO 8601 date-time, or null for the host's clock.");
    }
    control.setClock(at === null ? null : new Date(at));
    return sendJson(reply, 200, { now: at });
  });

  fastify.get("/__emulator/deliveries", async (_request, reply) =>
    sendJson(reply, 200, { deliveries: control.deliveries() }),
  );

  fastify.post<{ Params: { webhookId: string } }>(
    "/__emulator/deliveries/:webhookId/redeliver",
    async (request, reply) =>
      sendJson(reply, 200, { status: await control.redeliver(request.params.webhookId) }),
  );
}
