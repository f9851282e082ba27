import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DodoApiError, notFound } from "../dodo-error.ts";
import {
  parseCheckoutRequest,
  parsePortalRequest,
  parseSubscriptionUpdate,
} from "./api-requests.ts";
import type { EmulatorContext } from "./context.ts";
import { sendError, sendJson } from "./reply.ts";

/**
 * The Dodo Payments API paths the `dodopayments` SDK calls, in its snake_case JSON, behind the
 * API key as a Bearer token.
 */
export function registerApiRoutes(fastify: FastifyInstance, ctx: EmulatorContext): void {
  fastify.addHook("onRequest", async (request, reply) => {
    if (!hasApiKey(request, ctx.apiKey)) {
      return sendError(
        reply,
        new DodoApiError(401, "UNAUTHORIZED", "The API key is missing or not valid."),
      );
    }
  });

  fastify.post("/checkouts", async (request, reply) => {
    const session = ctx.billing.createCheckout(parseCheckoutRequest(request.body));
    return sendJson(reply, 200, {
      session_id: session.id,
      checkout_url: `${ctx.publicUrl()}/checkout/${session.id}`,
      client_secret: null,
      payment_id: null,
      publishable_key: null,
    });
  });

  fastify.get<{ Params: { id: string } }>("/checkouts/:id", async (request, reply) => {
    const session = ctx.billing.session(request.params.id);
    if (session === undefined) throw notFound("Checkout session", request.params.id);
    return sendJson(reply, 200, {
      id: session.id,
      created_at: session.createdAt,
      customer_email: session.customerEmail,
      customer_name: session.customerName,
      payment_id: session.paymentId,
      payment_status: session.paymentStatus,
    });
  });

  fastify.get<{ Params: { id: string } }>("/subscriptions/:id", async (request, reply) =>
    sendSubscription(ctx, reply, request.params.id),
  );

  fastify.patch<{ Params: { id: string } }>("/subscriptions/:id", async (request, reply) => {
    const id = request.params.id;
    const update = parseSubscriptionUpdate(request.body);
    if (ctx.billing.subscription(id) === undefined) throw notFound("Subscription", id);
    if (update.cancel) {
      await ctx.billing.cancel(id);
    } else if (update.cancelAtNextBillingDate !== undefined) {
      await ctx.billing.setCancelAtNextBillingDate(id, update.cancelAtNextBillingDate);
    }
    return sendSubscription(ctx, reply, id);
  });

  fastify.post<{ Params: { customerId: string } }>(
    "/customers/:customerId/customer-portal/session",
    async (request, reply) => {
      const { returnUrl } = parsePortalRequest(request.query, request.body);
      const token = ctx.billing.createPortalSession(request.params.customerId, returnUrl);
      return sendJson(reply, 200, { link: `${ctx.publicUrl()}/portal/${token}` });
    },
  );
}

function sendSubscription(ctx: EmulatorContext, reply: FastifyReply, id: string): FastifyReply {
  const subscription = ctx.billing.subscription(id);
  if (subscription === undefined) throw notFound("Subscription", id);
  return sendJson(reply, 200, subscription);
}

function hasApiKey(request: FastifyRequest, apiKey: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7).trim() : "");
  const wanted = Buffer.from(apiKey);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
