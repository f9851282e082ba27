import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DodoApiError, notFound } from "../dodo-error.ts";
import type { DodoPayment, DodoPaymentListItem } from "../state/wire.ts";
import {
  parseChangePlan,
  parseCheckoutRequest,
  parsePaymentListQuery,
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

  fastify.post<{ Params: { id: string } }>(
    "/subscriptions/:id/change-plan",
    async (request, reply) => {
      const change = parseChangePlan(request.body);
      const { paymentId } = await ctx.billing.changePlan(request.params.id, change);
      return sendJson(reply, 200, {
        payment_id: paymentId,
        payment_link: null,
        client_secret: null,
        expires_on: null,
      });
    },
  );

  fastify.get<{ Params: { id: string } }>("/addons/:id", async (request, reply) => {
    const addon = ctx.billing.addon(request.params.id);
    if (addon === undefined) throw notFound("Addon", request.params.id);
    return sendJson(reply, 200, addon);
  });

  fastify.get("/payments", async (request, reply) => {
    const query = parsePaymentListQuery(request.query);
    const start = query.pageSize * query.pageNumber;
    const items = ctx.billing
      .payments(query)
      .slice(start, start + query.pageSize)
      .map((payment) => listItem(payment, `${ctx.publicUrl()}/invoices/${payment.payment_id}`));
    return sendJson(reply, 200, { items });
  });

  fastify.get<{ Params: { id: string } }>("/payments/:id", async (request, reply) => {
    const payment = ctx.billing.payment(request.params.id);
    if (payment === undefined) throw notFound("Payment", request.params.id);
    return sendJson(reply, 200, payment);
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

/** A payment as `GET /payments` lists it; a charge's invoice opens at `invoiceUrl`. */
function listItem(payment: DodoPayment, invoiceUrl: string): DodoPaymentListItem {
  return {
    brand_id: payment.brand_id,
    created_at: payment.created_at,
    currency: payment.currency,
    customer: payment.customer,
    digital_products_delivered: payment.digital_products_delivered,
    has_license_key: false,
    is_multi_subscription: payment.is_multi_subscription,
    metadata: payment.metadata,
    payment_id: payment.payment_id,
    payment_provider: payment.payment_provider,
    subscription_ids: payment.subscription_ids,
    total_amount: payment.total_amount,
    card_last_four: payment.card_last_four,
    card_network: payment.card_network,
    invoice_id: payment.invoice_id,
    invoice_url: payment.invoice_id === null ? null : invoiceUrl,
    payment_method: payment.payment_method,
    payment_method_type: payment.payment_method_type,
    status: payment.status,
    subscription_id: payment.subscription_id,
  };
}
