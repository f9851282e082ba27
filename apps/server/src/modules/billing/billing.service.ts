import {
  type BillingDetails,
  type BillingDetailsResponse,
  type BillingOverview,
  type CreateCheckoutResponse,
  EXTRA_PROPERTY_NAME,
  PAYMENT_FAILURE_GRACE_DAYS,
  PAYMENT_SUCCESS_PATH,
  type PaidTier,
  PLANS,
} from "@utmost/contracts";
import DodoPayments from "dodopayments";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { SessionUser } from "../auth/session.ts";
import * as repo from "./billing.repository.ts";
import { type BillingSetup, tierOfProduct } from "./billing-setup.ts";
import { extraPropertiesOf, FREE_PLAN } from "./billing-webhooks.ts";
import { downgradeDate, paymentGrace } from "./plan-standing.ts";
import { enforcePropertyLimit } from "./property-limit.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

function notConfigured(): AppError {
  return new AppError(
    "BILLING_NOT_CONFIGURED",
    "Payments are not set up in this local environment: set the DODO_PAYMENTS_* variables to sell plans.",
  );
}

export async function getOverview(
  db: Db,
  setup: BillingSetup | null,
  userId: string,
  now: Date = new Date(),
): Promise<BillingOverview> {
  const row = await currentSubscription(db, userId, now);
  return {
    subscription: row
      ? {
          tier: row.tier,
          status: row.status,
          dataSourceLimit: row.dataSourceLimit,
          dataSourcesUsed: row.dataSourcesUsed,
        }
      : null,
    mode: setup?.mode ?? null,
    canManage: setup !== null && Boolean(row?.providerCustomerId),
    paymentGrace: paymentGrace(row),
    extraProperties: row?.extraProperties ?? 0,
    canBuyExtraProperties: Boolean(
      setup?.extraPropertyAddon &&
        row &&
        row.tier !== "free" &&
        row.providerSubscriptionId &&
        row.complimentarySince === null,
    ),
  };
}

/** Spec §7 create-dodo-checkout: a hosted checkout session for `tier`. */
export async function createCheckout(
  db: Db,
  setup: BillingSetup | null,
  user: SessionUser,
  tier: PaidTier,
  appUrl: string,
): Promise<CreateCheckoutResponse> {
  if (!setup) throw notConfigured();
  const row = await currentSubscription(db, user.id, new Date());
  if (row && row.tier !== "free") {
    throw new AppError(
      "ALREADY_SUBSCRIBED",
      row.tier === tier
        ? `You are already on the ${PLANS[tier].name} plan.`
        : `You are on the ${PLANS[row.tier].name} plan. Choose Change plan on the billing page to switch.`,
    );
  }
  try {
    const session = await setup.client.checkoutSessions.create({
      product_cart: [{ product_id: setup.products[tier], quantity: 1 }],
      customer: row?.providerCustomerId
        ? { customer_id: row.providerCustomerId }
        : { email: user.email, name: user.fullName },
      return_url: `${appUrl}${PAYMENT_SUCCESS_PATH}`,
      metadata: { user_id: user.id, tier },
    });
    if (!session.checkout_url) {
      throw new AppError(
        "PAYMENT_PROVIDER_FAILED",
        "The payment provider returned no checkout page.",
      );
    }
    return { sessionId: session.session_id, checkoutUrl: session.checkout_url, mode: setup.mode };
  } catch (error) {
    throw providerError(error, "start checkout");
  }
}

/** A link into the provider's customer portal (cancel the plan, change the card). */
export async function createPortalLink(
  db: Db,
  setup: BillingSetup | null,
  userId: string,
  appUrl: string,
): Promise<{ url: string }> {
  if (!setup) throw notConfigured();
  const row = await repo.findSubscription(db, userId);
  if (!row?.providerCustomerId) {
    throw new AppError("NOT_FOUND", "You have no paid subscription to manage.");
  }
  try {
    const session = await setup.client.customers.customerPortal.create(row.providerCustomerId, {
      return_url: `${appUrl}/settings/billing`,
    });
    return { url: session.link };
  } catch (error) {
    throw providerError(error, "open the billing portal");
  }
}

/** How many of the latest charges the billing page lists. */
export const INVOICES_SHOWN = 12;

/**
 * `GET /api/billing/details` (issue 22): the paid plan as the provider bills it, read live from
 * Dodo: the subscription (plan, price, renewal or end) and its payments (card, invoices).
 */
export async function getDetails(
  db: Db,
  setup: BillingSetup | null,
  userId: string,
): Promise<BillingDetailsResponse> {
  const row = await repo.findSubscription(db, userId);
  if (!setup || !row?.providerSubscriptionId || row.tier === "free") return { details: null };
  try {
    const [subscription, payments] = await Promise.all([
      setup.client.subscriptions.retrieve(row.providerSubscriptionId),
      setup.client.payments.list({
        subscription_id: row.providerSubscriptionId,
        page_size: INVOICES_SHOWN,
      }),
    ]);
    const tier = tierOfProduct(setup, subscription.product_id);
    if (!tier || tier === "free") return { details: null };
    const ending = subscription.status === "cancelled" || subscription.cancel_at_next_billing_date;
    const card = payments.items.find((payment) => payment.card_last_four);
    const extraProperties = extraPropertiesOf(setup, subscription);
    // The subscription's amount is plan and add-ons together (docs/dodo-open-questions.md):
    // the add-ons' line is their price times their number, the plan's the rest.
    const addOnCents =
      extraProperties > 0 && setup.extraPropertyAddon
        ? (await setup.client.addons.retrieve(setup.extraPropertyAddon)).price * extraProperties
        : 0;
    const details: BillingDetails = {
      tier,
      status: subscription.status,
      lines: [
        {
          kind: "plan",
          name: `${PLANS[tier].name} plan`,
          quantity: subscription.quantity,
          amountCents: subscription.recurring_pre_tax_amount - addOnCents,
        },
        ...(extraProperties > 0
          ? [
              {
                kind: "add-on" as const,
                name: EXTRA_PROPERTY_NAME,
                quantity: extraProperties,
                amountCents: addOnCents,
              },
            ]
          : []),
      ],
      amountCents: subscription.recurring_pre_tax_amount,
      currency: subscription.currency,
      renewsAt: ending ? null : subscription.next_billing_date,
      endsAt: ending ? (subscription.cancelled_at ?? subscription.next_billing_date) : null,
      paymentMethod: card?.card_last_four
        ? { brand: card.card_network ?? "Card", last4: card.card_last_four }
        : null,
      invoices: payments.items.map((payment) => ({
        paymentId: payment.payment_id,
        date: payment.created_at,
        amountCents: payment.total_amount,
        currency: payment.currency,
        status: payment.status ?? "processing",
        url: payment.invoice_url ?? null,
      })),
    };
    return { details };
  } catch (error) {
    throw providerError(error, "read your subscription");
  }
}

/**
 * `POST /api/billing/change-plan` (issue 22): Dodo's change-plan on the subscription, the rest
 * of the period prorated and charged to the card on file. The plan itself follows from the
 * `subscription.plan_changed` webhook, as every plan change does (ADR 011).
 */
export async function changePlan(
  db: Db,
  setup: BillingSetup | null,
  userId: string,
  tier: PaidTier,
): Promise<BillingDetailsResponse> {
  if (!setup) throw notConfigured();
  const row = await repo.findSubscription(db, userId);
  if (!row?.providerSubscriptionId || row.tier === "free") {
    throw new AppError(
      "NOT_FOUND",
      "You have no paid subscription to change. Choose a plan to upgrade.",
    );
  }
  if (row.tier === tier) {
    throw new AppError("ALREADY_SUBSCRIBED", `You are already on the ${PLANS[tier].name} plan.`);
  }
  try {
    await changeProduct(setup, row.providerSubscriptionId, setup.products[tier]);
  } catch (error) {
    throw providerError(error, "change your plan");
  }
  return getDetails(db, setup, userId);
}

/**
 * Dodo's change-plan to `productId`, carrying the add-ons the subscription has: the call sets
 * the add-ons of the new plan and "Leaving this empty would remove any existing addons"
 * (`UpdateSubscriptionPlanReq.addons`), so a plan change keeps the extra properties bought.
 */
async function changeProduct(setup: BillingSetup, subscriptionId: string, productId: string) {
  const subscription = await setup.client.subscriptions.retrieve(subscriptionId);
  await setup.client.subscriptions.changePlan(subscriptionId, {
    product_id: productId,
    quantity: 1,
    proration_billing_mode: "prorated_immediately",
    addons: subscription.addons.map(({ addon_id, quantity }) => ({ addon_id, quantity })),
  });
}

/**
 * `POST /api/billing/extra-properties` (issue 23, ADR 025): the paid plan carries `count` add-on
 * properties from now on. Dodo's change-plan with the same product and the add-on's new quantity
 * (none at 0), the rest of the period prorated: more charges their share now, fewer charges
 * nothing now. The limit follows from `subscription.plan_changed` like every plan change, and
 * fewer add-ons pause the newest properties over the new limit, as a downgrade does.
 */
export async function setExtraProperties(
  db: Db,
  setup: BillingSetup | null,
  userId: string,
  count: number,
): Promise<BillingDetailsResponse> {
  const row = await repo.findSubscription(db, userId);
  if (!row || row.tier === "free") {
    throw new AppError(
      "PLAN_UPGRADE_REQUIRED",
      "Add-on properties are sold with a paid plan. Upgrade to Pro, Team or Agency first.",
    );
  }
  if (!setup) throw notConfigured();
  if (!setup.extraPropertyAddon) {
    throw new AppError(
      "BILLING_NOT_CONFIGURED",
      "Add-on properties are not sold here: set DODO_ADDON_EXTRA_PROPERTY to sell them.",
    );
  }
  if (row.complimentarySince !== null || !row.providerSubscriptionId) {
    throw new AppError(
      "CONFLICT",
      "Your plan was given by an administrator, not bought: ask them for more properties.",
    );
  }
  if (row.extraProperties === count) {
    throw new AppError(
      "CONFLICT",
      `Your plan already carries ${count} add-on ${count === 1 ? "property" : "properties"}.`,
    );
  }
  const addonId = setup.extraPropertyAddon;
  try {
    const subscription = await setup.client.subscriptions.retrieve(row.providerSubscriptionId);
    const others = subscription.addons
      .filter((addon) => addon.addon_id !== addonId)
      .map(({ addon_id, quantity }) => ({ addon_id, quantity }));
    await setup.client.subscriptions.changePlan(row.providerSubscriptionId, {
      product_id: subscription.product_id,
      quantity: subscription.quantity,
      proration_billing_mode: "prorated_immediately",
      addons: count > 0 ? [...others, { addon_id: addonId, quantity: count }] : others,
    });
  } catch (error) {
    throw providerError(error, "change your add-on properties");
  }
  return getDetails(db, setup, userId);
}

function providerError(error: unknown, what: string): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof DodoPayments.APIError) {
    const detail = error.status ? ` (HTTP ${error.status})` : "";
    return new AppError(
      "PAYMENT_PROVIDER_FAILED",
      `The payment provider could not ${what}${detail}. Please try again.`,
    );
  }
  return error;
}

/**
 * Spec §9: an account whose renewal payment is still failing 7 days after the first failure moves
 * to Free. Properties over the Free limit are kept and deactivated, never deleted. Returns the
 * users moved.
 */
export async function downgradeLapsedSubscriptions(
  db: Db,
  now: Date,
  logger?: FastifyBaseLogger,
): Promise<string[]> {
  const failedBefore = new Date(now.getTime() - PAYMENT_FAILURE_GRACE_DAYS * DAY_MS);
  const moved: string[] = [];
  for (const userId of await repo.lapsedSubscriptions(db, failedBefore)) {
    if (await downgradeIfLapsed(db, userId, now, logger)) moved.push(userId);
  }
  return moved;
}

/**
 * Moves one account to Free when its payment failed 7 days or more before `now` (see
 * `downgradeLapsedSubscriptions`); false when it is not due. The billing page and checkout call
 * it too, so they never show a plan whose 7 days ended before the hourly job came round.
 */
async function downgradeIfLapsed(
  db: Db,
  userId: string,
  now: Date,
  logger?: FastifyBaseLogger,
): Promise<boolean> {
  const failedBefore = new Date(now.getTime() - PAYMENT_FAILURE_GRACE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const row = await repo.lockSubscription(tx, userId);
    // Checked under the lock: a renewal may have landed since the account was listed.
    if (!row.paymentFailedAt || row.paymentFailedAt > failedBefore || row.tier === "free") {
      return false;
    }
    await repo.updateSubscription(tx, userId, FREE_PLAN);
    const change = await enforcePropertyLimit(tx, userId, now);
    logger?.info(
      { userId, suspended: change.suspended.length },
      "downgraded to Free after failed payment",
    );
    return true;
  });
}

/** The account's subscription row, moved to Free first if its 7 days of grace are over. */
async function currentSubscription(db: Db, userId: string, now: Date) {
  const row = await repo.findSubscription(db, userId);
  if (!row?.paymentFailedAt || row.tier === "free" || now < downgradeDate(row.paymentFailedAt)) {
    return row;
  }
  await downgradeIfLapsed(db, userId, now);
  return repo.findSubscription(db, userId);
}

/** The provider's statuses after which a subscription never charges again. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(["cancelled", "expired", "failed"]);

/**
 * Issue 23: whether the provider subscription can still charge the customer, read live from
 * Dodo (a webhook may not have reached us yet). An administrator's plan change follows it.
 */
export async function isProviderSubscriptionLive(
  setup: BillingSetup | null,
  subscriptionId: string,
): Promise<boolean> {
  if (!setup) throw notConfigured();
  try {
    const subscription = await setup.client.subscriptions.retrieve(subscriptionId);
    return !ENDED_STATUSES.has(subscription.status);
  } catch (error) {
    throw providerError(error, "read the subscription");
  }
}

/**
 * Issue 23: an administrator moves a paying customer to Free. The subscription ends now, as the
 * customer portal's Cancel ends it, so nothing more is charged for a plan they no longer have.
 */
export async function cancelProviderSubscription(
  setup: BillingSetup | null,
  subscriptionId: string,
): Promise<void> {
  if (!setup) throw notConfigured();
  try {
    await setup.client.subscriptions.update(subscriptionId, {
      status: "cancelled",
      cancel_reason: "cancelled_by_merchant",
    });
  } catch (error) {
    throw providerError(error, "cancel the subscription");
  }
}

/**
 * Issue 23: an administrator moves a paying customer to another paid plan with the billing
 * page's own change-plan call (prorated now, on the card on file).
 */
export async function changeProviderPlan(
  setup: BillingSetup | null,
  subscriptionId: string,
  tier: PaidTier,
): Promise<void> {
  if (!setup) throw notConfigured();
  try {
    await changeProduct(setup, subscriptionId, setup.products[tier]);
  } catch (error) {
    throw providerError(error, "change the subscription's plan");
  }
}
