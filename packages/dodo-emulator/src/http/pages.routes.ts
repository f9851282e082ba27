import type { FastifyInstance, FastifyReply } from "fastify";
import { DodoApiError } from "../dodo-error.ts";
import {
  renderCheckoutPage,
  renderInvoicePage,
  renderMessagePage,
  renderPortalPage,
} from "../pages/hosted-pages.ts";
import type { EmulatorContext } from "./context.ts";
import { readString, sendHtml } from "./reply.ts";

/**
 * The pages a browser sees: the hosted checkout a `checkout_url` opens and the customer portal a
 * portal `link` opens. No API key: the unguessable id in the URL is the credential, as at Dodo.
 */
export function registerPageRoutes(fastify: FastifyInstance, ctx: EmulatorContext): void {
  fastify.get<{ Params: { id: string } }>("/checkout/:id", async (request, reply) => {
    const session = ctx.billing.session(request.params.id);
    if (session === undefined) {
      return sendHtml(
        reply,
        404,
        renderMessagePage(
          "Checkout not found",
          "This checkout link does not exist. Start again from the app.",
        ),
      );
    }
    if (session.paymentStatus !== null) {
      return sendHtml(
        reply,
        409,
        renderMessagePage(
          "Checkout already completed",
          `This checkout has already ${session.paymentStatus === "succeeded" ? "been paid" : "failed"}. Start a new one from the app.`,
        ),
      );
    }
    const base = `${ctx.publicUrl()}/checkout/${encodeURIComponent(session.id)}`;
    return sendHtml(
      reply,
      200,
      renderCheckoutPage({
        lines: session.lines.map((line) => {
          const product = ctx.billing.product(line.productId);
          return {
            name: product?.name ?? line.productId,
            quantity: line.quantity,
            priceCents: product?.priceCents ?? 0,
          };
        }),
        customerEmail: session.customerEmail,
        payAction: `${base}/pay`,
        failAction: `${base}/fail`,
        cancelUrl: session.cancelUrl,
      }),
    );
  });

  fastify.post<{ Params: { id: string } }>("/checkout/:id/pay", async (request, reply) => {
    const id = request.params.id;
    const paid = await refusalPage(reply, () =>
      ctx.billing.pay(id, readString(request.body, "email")),
    );
    if (paid === undefined) return reply;
    const subscriptionId = paid.subscriptionIds[0] ?? "";
    return finishCheckout(ctx, reply, id, { subscription_id: subscriptionId, status: "active" }, [
      "Payment complete",
      "Your test payment succeeded and the subscription is active. You can close this page.",
    ]);
  });

  fastify.post<{ Params: { id: string } }>("/checkout/:id/fail", async (request, reply) => {
    const id = request.params.id;
    const failed = await refusalPage(reply, async () => {
      await ctx.billing.failCheckout(id, readString(request.body, "email"));
      return true;
    });
    if (failed === undefined) return reply;
    return finishCheckout(ctx, reply, id, { status: "failed" }, [
      "Payment failed",
      "The test card was declined and nothing was charged. Start again from the app.",
    ]);
  });

  fastify.get<{ Params: { id: string } }>("/invoices/:id", async (request, reply) => {
    const payment = ctx.billing.payment(request.params.id);
    if (payment === undefined || payment.invoice_id === null) {
      return sendHtml(
        reply,
        404,
        renderMessagePage("Invoice not found", "There is no invoice for this payment."),
      );
    }
    return sendHtml(
      reply,
      200,
      renderInvoicePage({
        invoiceId: payment.invoice_id,
        paymentId: payment.payment_id,
        date: payment.created_at.slice(0, 10),
        customerEmail: payment.customer.email,
        lines: payment.product_cart.map((line) => ({
          name: ctx.billing.product(line.product_id)?.name ?? line.product_id,
          quantity: line.quantity,
        })),
        totalCents: payment.total_amount,
        status: payment.status,
        card: `${payment.card_network} •••• ${payment.card_last_four}`,
      }),
    );
  });

  fastify.get<{ Params: { token: string } }>("/portal/:token", async (request, reply) => {
    const portal = ctx.billing.portal(request.params.token);
    if (portal === undefined) {
      return sendHtml(
        reply,
        404,
        renderMessagePage(
          "Portal link not found",
          "This billing portal link is not valid. Open the portal again from the app.",
        ),
      );
    }
    const base = `${ctx.publicUrl()}/portal/${encodeURIComponent(request.params.token)}`;
    return sendHtml(
      reply,
      200,
      renderPortalPage({
        customerEmail: portal.customer.email,
        returnUrl: portal.returnUrl,
        subscriptions: portal.subscriptions.map(({ subscription, productName }) => ({
          productName,
          status: subscription.status,
          nextBillingDate: subscription.next_billing_date.slice(0, 10),
          cancelAtNextBillingDate: subscription.cancel_at_next_billing_date,
          cancelAction:
            subscription.status === "cancelled"
              ? null
              : `${base}/subscriptions/${encodeURIComponent(subscription.subscription_id)}/cancel`,
        })),
      }),
    );
  });

  fastify.post<{ Params: { token: string; id: string } }>(
    "/portal/:token/subscriptions/:id/cancel",
    async (request, reply) => {
      const { token, id } = request.params;
      const cancelled = await refusalPage(reply, async () => {
        await ctx.billing.cancelFromPortal(token, id);
        return true;
      });
      if (cancelled === undefined) return reply;
      return reply.redirect(`${ctx.publicUrl()}/portal/${encodeURIComponent(token)}`, 303);
    },
  );
}

/** Runs a page action; a refusal (unknown or finished session) becomes a page with its status. */
async function refusalPage<T>(
  reply: FastifyReply,
  action: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof DodoApiError) || error.status >= 500) throw error;
    sendHtml(reply, error.status, renderMessagePage("This cannot be done", error.message));
    return undefined;
  }
}

/**
 * Back to the merchant's `return_url` with the outcome appended to its own query, as Dodo does
 * (`?payment=success` becomes `?payment=success&subscription_id=sub_...&status=active`), or a
 * page that says how it went when the session has no return URL.
 */
function finishCheckout(
  ctx: EmulatorContext,
  reply: FastifyReply,
  sessionId: string,
  outcome: Record<string, string>,
  [heading, message]: [string, string],
): FastifyReply {
  const returnUrl = ctx.billing.session(sessionId)?.returnUrl ?? null;
  if (returnUrl === null) return sendHtml(reply, 200, renderMessagePage(heading, message));
  const target = new URL(returnUrl);
  for (const [name, value] of Object.entries(outcome)) target.searchParams.set(name, value);
  return reply.redirect(target.toString(), 303);
}
