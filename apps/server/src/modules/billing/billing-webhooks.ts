import { PLANS } from "@utmost/contracts";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { anonymiseBillingPayload } from "../retention/billing-records.ts";
import * as repo from "./billing.repository.ts";
import { type BillingSetup, tierOfProduct } from "./billing-setup.ts";
import { enforcePropertyLimit, propertyLimit } from "./property-limit.ts";

/**
 * The payment provider's webhooks (ADR 011). Each delivery is verified (Standard Webhooks),
 * recorded by its webhook id in the transaction that applies it, so a duplicate is acknowledged
 * and not applied twice; and an event older than the last one applied to the same account is
 * recorded as stale, so deliveries out of order end in the newest state.
 */

const EventSchema = z.object({
  type: z.string().min(1),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});

const SubscriptionDataSchema = z.object({
  subscription_id: z.string().min(1),
  status: z.string().min(1),
  product_id: z.string().min(1),
  customer: z
    .object({ customer_id: z.string().optional(), email: z.string().optional() })
    .nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  /** The subscription's add-ons (`AddonCartResponseItem`): the extra properties among them. */
  addons: z.array(z.object({ addon_id: z.string(), quantity: z.number().int().min(0) })).nullish(),
});
type SubscriptionData = z.infer<typeof SubscriptionDataSchema>;

export type WebhookOutcome = "applied" | "stale" | "ignored" | "duplicate";

export interface WebhookDelivery {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Verifies the signature; the parsed event, or AppError INVALID_SIGNATURE. */
export function verifyWebhook(setup: BillingSetup, delivery: WebhookDelivery) {
  const headers: Record<string, string> = {};
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = delivery.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  try {
    new Webhook(setup.webhookKey).verify(delivery.rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw new AppError("INVALID_SIGNATURE", `Webhook signature rejected: ${error.message}`);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody);
  } catch {
    throw new AppError("INVALID_JSON", "The webhook body is not JSON");
  }
  const parsed = EventSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "The webhook body is not a payment provider event");
  }
  return { webhookId: headers["webhook-id"] as string, event: parsed.data, payload: json };
}

/** Verifies, records and applies one delivery. */
export async function receiveWebhook(
  db: Db,
  setup: BillingSetup,
  delivery: WebhookDelivery,
): Promise<WebhookOutcome> {
  const { webhookId, event, payload } = verifyWebhook(setup, delivery);
  const occurredAt = new Date(event.timestamp);
  const subscription = event.type.startsWith("subscription.")
    ? SubscriptionDataSchema.safeParse(event.data)
    : undefined;

  return db.transaction(async (tx) => {
    const data = subscription?.success ? subscription.data : undefined;
    const userId = data ? await accountOf(tx, data) : undefined;
    // An event about nobody with an account here (one purged since, or a stranger) is kept for
    // the accounts without what says who paid, as a purge leaves the records it finds.
    const named = userId !== undefined || (await repo.namesAnAccount(tx, identifiers(event.data)));
    // First the record: a second delivery of the same id waits here for the first to commit,
    // then finds it and changes nothing.
    const fresh = await repo.recordEvent(tx, {
      webhookId,
      type: event.type,
      occurredAt,
      providerSubscriptionId: data?.subscription_id ?? null,
      userId: userId ?? null,
      outcome: "ignored",
      payload: named ? payload : anonymiseBillingPayload(payload),
    });
    if (!fresh) return "duplicate";
    if (!data || !userId) return "ignored";
    const outcome = await applySubscriptionEvent(tx, setup, userId, data, occurredAt);
    if (outcome !== "ignored") await repo.setEventOutcome(tx, webhookId, outcome);
    return outcome;
  });
}

/** What in an event's data (a Payment, a Subscription, a Refund ...) can name an account. */
function identifiers(data: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const field = (value: unknown, key: string) =>
    value !== null && typeof value === "object"
      ? (value as Record<string, unknown>)[key]
      : undefined;
  return {
    userId: text(field(data.metadata, "user_id")),
    email: text(field(data.customer, "email")),
    customerId: text(field(data.customer, "customer_id")),
    subscriptionId: text(data.subscription_id),
  };
}

/** Whose plan the event is about: the account holding the subscription, else checkout's metadata, else the email. */
async function accountOf(db: Db, data: SubscriptionData): Promise<string | undefined> {
  const holder = await repo.findUserIdByProviderSubscription(db, data.subscription_id);
  if (holder) return holder;
  const metadataUserId = data.metadata?.user_id;
  if (typeof metadataUserId === "string" && (await repo.findUser(db, metadataUserId))) {
    return metadataUserId;
  }
  const email = data.customer?.email;
  return email ? repo.findUserIdByEmail(db, email) : undefined;
}

/**
 * Applies the subscription's state as the event carries it. The state, not the event's name,
 * decides: a snapshot says what the subscription is at `occurredAt`, whatever came before it.
 */
async function applySubscriptionEvent(
  db: Db,
  setup: BillingSetup,
  userId: string,
  data: SubscriptionData,
  occurredAt: Date,
): Promise<"applied" | "stale" | "ignored"> {
  const row = await repo.lockSubscription(db, userId);
  // Issue 23: a plan an administrator gave without the provider (complimentary) is theirs to
  // change; no provider event takes it back.
  if (row.complimentarySince !== null) return "ignored";
  if (row.providerEventAt && occurredAt < row.providerEventAt) return "stale";

  // The account's subscription, or the first one it hears of. An event of a subscription the
  // account has moved on from (bought again after cancelling) says nothing about its plan.
  const ownSubscription =
    row.providerSubscriptionId === null || row.providerSubscriptionId === data.subscription_id;
  const tier = tierOfProduct(setup, data.product_id);
  const extraProperties = extraPropertiesOf(setup, data);
  const common = {
    providerEventAt: occurredAt,
    providerSubscriptionId: data.subscription_id,
    providerCustomerId: data.customer?.customer_id ?? row.providerCustomerId,
  };

  switch (data.status) {
    case "active": {
      if (!tier) return "ignored";
      // A new subscription takes the account over; another account never keeps the same one.
      await repo.releaseProviderSubscription(db, data.subscription_id, userId);
      await repo.updateSubscription(db, userId, {
        ...common,
        tier,
        status: "active",
        extraProperties,
        dataSourceLimit: propertyLimit(row, { tier, extraProperties }),
        paymentFailedAt: null,
      });
      break;
    }
    case "on_hold":
    case "past_due": {
      // A renewal that did not go through: the plan stays while the provider retries; the
      // downgrade job moves the account to Free 7 days after the first failure (spec §9).
      if (!tier || !ownSubscription) return "ignored";
      await repo.updateSubscription(db, userId, {
        ...common,
        tier,
        status: data.status,
        extraProperties,
        dataSourceLimit: propertyLimit(row, { tier, extraProperties }),
        paymentFailedAt: row.paymentFailedAt ?? occurredAt,
      });
      break;
    }
    case "cancelled":
    case "expired":
    case "paused":
    case "failed": {
      // No plan: ended, paused, or never started (`failed`: the first charge was refused).
      if (!ownSubscription) return "ignored";
      // Already on Free (an administrator cancelled the plan from the console and may have set
      // Free's limit higher, ADR 020): the provider's late word on the end changes no limit.
      const dataSourceLimit = row.tier === "free" ? row.dataSourceLimit : FREE_PLAN.dataSourceLimit;
      await repo.updateSubscription(db, userId, { ...common, ...FREE_PLAN, dataSourceLimit });
      break;
    }
    default:
      return "ignored";
  }
  await enforcePropertyLimit(db, userId, occurredAt);
  return "applied";
}

/** What an account on Free holds (spec §9): no add-ons either. */
export const FREE_PLAN = {
  tier: "free" as const,
  status: "active",
  dataSourceLimit: PLANS.free.properties,
  extraProperties: 0,
  paymentFailedAt: null,
};

/** How many extra properties the subscription's add-ons sell (ADR 025). */
export function extraPropertiesOf(
  setup: BillingSetup,
  subscription: { addons?: { addon_id: string; quantity: number }[] | null },
): number {
  if (!setup.extraPropertyAddon) return 0;
  return (subscription.addons ?? [])
    .filter((addon) => addon.addon_id === setup.extraPropertyAddon)
    .reduce((sum, addon) => sum + addon.quantity, 0);
}
