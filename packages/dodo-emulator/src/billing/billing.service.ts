import { invalidBody, invalidState, notFound } from "../dodo-error.ts";
import { newId, newPortalToken } from "../state/ids.ts";
import type {
  CheckoutLine,
  CheckoutSession,
  Customer,
  DodoProduct,
  DodoStore,
  SubscriptionRecord,
} from "../state/store.ts";
import {
  type DodoAddonCartItem,
  type DodoAddonResponse,
  type DodoCustomerDetails,
  type DodoPayment,
  type DodoSubscription,
  type EventType,
  type ProrationBillingMode,
  US_BILLING,
} from "../state/wire.ts";
import type { WebhookSender } from "../webhooks/webhook-sender.ts";
import { addMonths } from "./billing-dates.ts";

/**
 * The stand-in's account: checkout sessions become customers, subscriptions and payments, and
 * every change is announced with the event Dodo sends for it, in Dodo's order (a payment event,
 * then the subscription event it caused). Each method awaits the first delivery attempt of its
 * events, so when it returns the receiver has had its chance to answer; a receiver's failure is
 * recorded on the delivery and never surfaces here.
 */

/** Who pays when neither the session nor the hosted page says (a control call). */
const DEFAULT_TEST_EMAIL = "test.customer@example.com";

export interface NewCheckout {
  lines: CheckoutLine[];
  /** An existing customer the session is for (`customer: {customer_id}`). */
  customerId?: string | null;
  customerEmail: string | null;
  customerName: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, string>;
}

export interface PortalView {
  customer: Customer;
  returnUrl: string | null;
  subscriptions: { subscription: DodoSubscription; productName: string }[];
}

export interface BillingDeps {
  store: DodoStore;
  webhooks: WebhookSender;
  now: () => Date;
  businessId: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export class Billing {
  readonly #store: DodoStore;
  readonly #webhooks: WebhookSender;
  readonly #now: () => Date;
  readonly #businessId: string;

  constructor(deps: BillingDeps) {
    this.#store = deps.store;
    this.#webhooks = deps.webhooks;
    this.#now = deps.now;
    this.#businessId = deps.businessId;
  }

  product(productId: string): DodoProduct | undefined {
    return this.#store.products.get(productId);
  }

  /** `GET /addons/{id}`. */
  addon(addonId: string): DodoAddonResponse | undefined {
    const addon = this.#store.addons.get(addonId);
    if (addon === undefined) return undefined;
    const created = this.#store.createdAt.toISOString();
    return {
      id: addon.addonId,
      business_id: this.#businessId,
      created_at: created,
      updated_at: created,
      currency: "USD",
      name: addon.name,
      price: addon.priceCents,
      tax_category: "saas",
      description: null,
      image: null,
    };
  }

  createCheckout(checkout: NewCheckout): CheckoutSession {
    for (const line of checkout.lines) {
      if (!this.#store.products.has(line.productId)) throw notFound("Product", line.productId);
    }
    const { customerId, ...rest } = checkout;
    const existing = customerId ? this.#store.customers.get(customerId) : undefined;
    if (customerId && !existing) throw notFound("Customer", customerId);
    const session: CheckoutSession = {
      id: newId("cks"),
      createdAt: this.#now().toISOString(),
      ...rest,
      ...(existing ? { customerEmail: existing.email, customerName: existing.name } : {}),
      paymentId: null,
      paymentStatus: null,
    };
    this.#store.sessions.set(session.id, session);
    return session;
  }

  session(sessionId: string): CheckoutSession | undefined {
    return this.#store.sessions.get(sessionId);
  }

  /** Pay on the hosted page: a customer, an active subscription per line, and their events. */
  async pay(sessionId: string, payerEmail?: string): Promise<{ subscriptionIds: string[] }> {
    const session = this.#openSession(sessionId);
    const customer = this.#customerFor(session, payerEmail);
    const now = this.#now();
    const records = session.lines.map((line) =>
      this.#startSubscription(line, customer, session.metadata, now),
    );
    const payment = this.#payment({
      status: "succeeded",
      customer,
      metadata: session.metadata,
      subscriptionIds: records.map((record) => record.wire.subscription_id),
      checkoutSessionId: session.id,
      lines: session.lines,
    });
    session.paymentId = payment.payment_id;
    session.paymentStatus = "succeeded";
    await this.#emitPayment("payment.succeeded", payment);
    for (const record of records) await this.#emitSubscription("subscription.active", record);
    return { subscriptionIds: records.map((record) => record.wire.subscription_id) };
  }

  /** Fail on the hosted page: the card is declined and no subscription starts. */
  async failCheckout(sessionId: string, payerEmail?: string): Promise<void> {
    const session = this.#openSession(sessionId);
    const customer = this.#customerFor(session, payerEmail);
    const payment = this.#payment({
      status: "failed",
      customer,
      metadata: session.metadata,
      subscriptionIds: [],
      checkoutSessionId: session.id,
      lines: session.lines,
    });
    session.paymentId = payment.payment_id;
    session.paymentStatus = "failed";
    await this.#emitPayment("payment.failed", payment);
  }

  /**
   * The next billing date arrives and the charge succeeds. A subscription set to cancel at that
   * date ends instead, as Dodo ends it: no charge, `subscription.cancelled`.
   */
  async renew(subscriptionId: string): Promise<void> {
    const record = this.#liveSubscription(subscriptionId);
    if (record.wire.cancel_at_next_billing_date) {
      await this.#end(record);
      return;
    }
    record.charges += 1;
    record.wire.previous_billing_date = record.wire.next_billing_date;
    record.wire.next_billing_date = addMonths(record.anchor, record.charges).toISOString();
    record.wire.status = "active";
    await this.#emitPayment("payment.succeeded", this.#renewalPayment(record, "succeeded"));
    await this.#emitSubscription("subscription.renewed", record);
  }

  /** The renewal charge is declined: the subscription goes on hold until it is paid. */
  async failRenewal(subscriptionId: string): Promise<void> {
    const record = this.#subscription(subscriptionId);
    if (record.wire.status !== "active") {
      throw invalidState(
        `Subscription ${subscriptionId} is ${record.wire.status}; only an active one renews.`,
      );
    }
    record.wire.status = "on_hold";
    await this.#emitPayment("payment.failed", this.#renewalPayment(record, "failed"));
    await this.#emitSubscription("subscription.on_hold", record);
  }

  async cancel(subscriptionId: string): Promise<void> {
    await this.#end(this.#liveSubscription(subscriptionId));
  }

  async setCancelAtNextBillingDate(subscriptionId: string, cancel: boolean): Promise<void> {
    const record = this.#liveSubscription(subscriptionId);
    record.wire.cancel_at_next_billing_date = cancel;
    await this.#emitSubscription("subscription.updated", record);
  }

  /**
   * `POST /subscriptions/{id}/change-plan`: the subscription moves to `productId` with exactly
   * `addons` at once ("Addons for the new plan. Note : Leaving this empty would remove any
   * existing addons"), and the rest of the current period is charged as `mode` says, on the card
   * already on file. "Addons are included in the proration calculation": prorated_immediately
   * charges the new plan's and add-ons' share of the remaining period less the old ones' (a
   * downgrade charges nothing), full_immediately the new total, difference_immediately the
   * difference, do_not_bill nothing. Announced as Dodo does: the charge's `payment.succeeded`,
   * then `subscription.plan_changed` ("upgrade/downgrade/addon update").
   */
  async changePlan(
    subscriptionId: string,
    change: {
      productId: string;
      quantity: number;
      mode: ProrationBillingMode;
      addons: DodoAddonCartItem[];
    },
  ): Promise<{ paymentId: string | null }> {
    const record = this.#liveSubscription(subscriptionId);
    const next = this.#store.products.get(change.productId);
    if (next === undefined) throw notFound("Product", change.productId);
    for (const item of change.addons) {
      if (!this.#store.addons.has(item.addon_id)) throw notFound("Addon", item.addon_id);
      if (!next.addonIds?.includes(item.addon_id)) {
        throw invalidBody(
          `Addon ${item.addon_id} is not attached to product ${next.productId}; attach it to the product first.`,
        );
      }
    }
    const oldAmount = record.wire.recurring_pre_tax_amount;
    const newAmount = this.#recurringAmount(next, change.quantity, change.addons);
    const now = this.#now().getTime();
    const periodStart = Date.parse(record.wire.previous_billing_date);
    const periodEnd = Date.parse(record.wire.next_billing_date);
    const remaining =
      periodEnd > periodStart
        ? Math.min(1, Math.max(0, (periodEnd - now) / (periodEnd - periodStart)))
        : 0;
    const charge = {
      prorated_immediately: Math.round((newAmount - oldAmount) * remaining),
      full_immediately: newAmount,
      difference_immediately: newAmount - oldAmount,
      do_not_bill: 0,
    }[change.mode];

    record.wire.product_id = change.productId;
    record.wire.quantity = change.quantity;
    record.wire.addons = change.addons.map((item) => ({ ...item }));
    record.wire.recurring_pre_tax_amount = newAmount;
    let paymentId: string | null = null;
    if (charge > 0) {
      const { customer_id: customerId, email, name } = record.wire.customer;
      const payment = this.#payment({
        status: "succeeded",
        customer: { customerId, email, name },
        metadata: record.wire.metadata,
        subscriptionIds: [record.wire.subscription_id],
        checkoutSessionId: null,
        lines: [{ productId: change.productId, quantity: change.quantity }],
        totalCents: charge,
      });
      paymentId = payment.payment_id;
      await this.#emitPayment("payment.succeeded", payment);
    }
    await this.#emitSubscription("subscription.plan_changed", record);
    return { paymentId };
  }

  /** What the subscription charges each period: the product's units and every add-on's. */
  #recurringAmount(product: DodoProduct, quantity: number, addons: DodoAddonCartItem[]): number {
    return addons.reduce(
      (sum, item) => sum + (this.#store.addons.get(item.addon_id)?.priceCents ?? 0) * item.quantity,
      product.priceCents * quantity,
    );
  }

  /** `GET /payments`, newest first, narrowed by subscription or customer. */
  payments(filter: { subscriptionId?: string; customerId?: string }): DodoPayment[] {
    return [...this.#store.payments.values()]
      .filter(
        (payment) =>
          (filter.subscriptionId === undefined ||
            payment.subscription_ids.includes(filter.subscriptionId)) &&
          (filter.customerId === undefined || payment.customer.customer_id === filter.customerId),
      )
      .reverse();
  }

  payment(paymentId: string): DodoPayment | undefined {
    return this.#store.payments.get(paymentId);
  }

  subscription(subscriptionId: string): DodoSubscription | undefined {
    const record = this.#store.subscriptions.get(subscriptionId);
    return record === undefined ? undefined : structuredClone(record.wire);
  }

  subscriptions(): DodoSubscription[] {
    return [...this.#store.subscriptions.values()].map((record) => structuredClone(record.wire));
  }

  /** A customer portal session; the returned token is the whole credential of its link. */
  createPortalSession(customerId: string, returnUrl: string | null): string {
    if (!this.#store.customers.has(customerId)) throw notFound("Customer", customerId);
    const token = newPortalToken();
    this.#store.portals.set(token, { customerId, returnUrl });
    return token;
  }

  portal(token: string): PortalView | undefined {
    const portal = this.#store.portals.get(token);
    const customer = portal && this.#store.customers.get(portal.customerId);
    if (portal === undefined || customer === undefined) return undefined;
    return {
      customer,
      returnUrl: portal.returnUrl,
      subscriptions: this.#store.subscriptionsOf(customer.customerId).map((record) => ({
        subscription: structuredClone(record.wire),
        productName: this.product(record.wire.product_id)?.name ?? record.wire.product_id,
      })),
    };
  }

  /** Cancel from the portal: only the portal's own customer's subscriptions. */
  async cancelFromPortal(token: string, subscriptionId: string): Promise<void> {
    const portal = this.#store.portals.get(token);
    const record = this.#store.subscriptions.get(subscriptionId);
    if (portal === undefined || record?.wire.customer.customer_id !== portal.customerId) {
      throw notFound("Subscription", subscriptionId);
    }
    await this.cancel(subscriptionId);
  }

  #openSession(sessionId: string): CheckoutSession {
    const session = this.#store.sessions.get(sessionId);
    if (session === undefined) throw notFound("Checkout session", sessionId);
    if (session.paymentStatus !== null) {
      throw invalidState(`Checkout session ${sessionId} is already ${session.paymentStatus}.`);
    }
    return session;
  }

  /** One customer per email address, as Dodo keeps them. */
  #customerFor(session: CheckoutSession, payerEmail: string | undefined): Customer {
    const email = session.customerEmail ?? payerEmail?.trim() ?? DEFAULT_TEST_EMAIL;
    if (!EMAIL.test(email)) throw invalidBody(`${email} is not an email address.`);
    session.customerEmail = email;
    const existing = this.#store.customerByEmail(email);
    if (existing !== undefined) return existing;
    const customer: Customer = {
      customerId: newId("cus"),
      email,
      name: session.customerName ?? email.slice(0, email.indexOf("@")),
    };
    this.#store.customers.set(customer.customerId, customer);
    return customer;
  }

  #startSubscription(
    line: CheckoutLine,
    customer: Customer,
    metadata: Record<string, string>,
    now: Date,
  ): SubscriptionRecord {
    const product = this.#store.products.get(line.productId);
    if (product === undefined) throw notFound("Product", line.productId);
    const record: SubscriptionRecord = {
      anchor: now,
      charges: 1,
      wire: {
        subscription_id: newId("sub"),
        status: "active",
        product_id: product.productId,
        quantity: line.quantity,
        customer: customerDetails(customer),
        metadata: { ...metadata },
        created_at: now.toISOString(),
        next_billing_date: addMonths(now, 1).toISOString(),
        previous_billing_date: now.toISOString(),
        cancelled_at: null,
        cancel_at_next_billing_date: false,
        currency: "USD",
        recurring_pre_tax_amount: product.priceCents * line.quantity,
        payment_frequency_interval: "Month",
        payment_frequency_count: 1,
        subscription_period_interval: "Year",
        subscription_period_count: 10,
        tax_inclusive: false,
        trial_period_days: 0,
        addons: [],
        on_demand: false,
        has_payment_method: true,
        billing: { ...US_BILLING },
        brand_id: this.#businessId,
        meters: [],
        credit_entitlement_cart: [],
        meter_credit_entitlement_cart: [],
        discount_id: null,
        discount_cycles_remaining: null,
        expires_at: null,
        paused_at: null,
        payment_method_id: `pm_${customer.customerId.slice(4)}`,
        tax_id: null,
        customer_business_name: null,
        cancellation_comment: null,
        cancellation_feedback: null,
        scheduled_change: null,
      },
    };
    this.#store.subscriptions.set(record.wire.subscription_id, record);
    return record;
  }

  #subscription(subscriptionId: string): SubscriptionRecord {
    const record = this.#store.subscriptions.get(subscriptionId);
    if (record === undefined) throw notFound("Subscription", subscriptionId);
    return record;
  }

  /** Active or on hold: anything but cancelled can still change. */
  #liveSubscription(subscriptionId: string): SubscriptionRecord {
    const record = this.#subscription(subscriptionId);
    if (record.wire.status === "cancelled") {
      throw invalidState(`Subscription ${subscriptionId} is already cancelled.`);
    }
    return record;
  }

  async #end(record: SubscriptionRecord): Promise<void> {
    record.wire.status = "cancelled";
    record.wire.cancelled_at = this.#now().toISOString();
    await this.#emitSubscription("subscription.cancelled", record);
  }

  #renewalPayment(record: SubscriptionRecord, status: DodoPayment["status"]): DodoPayment {
    const { customer_id: customerId, email, name } = record.wire.customer;
    return this.#payment({
      status,
      customer: { customerId, email, name },
      metadata: record.wire.metadata,
      subscriptionIds: [record.wire.subscription_id],
      checkoutSessionId: null,
      lines: [{ productId: record.wire.product_id, quantity: record.wire.quantity }],
      totalCents: record.wire.recurring_pre_tax_amount,
    });
  }

  #payment(payment: {
    status: DodoPayment["status"];
    customer: Customer;
    metadata: Record<string, string>;
    subscriptionIds: string[];
    checkoutSessionId: string | null;
    lines: CheckoutLine[];
    /** A prorated charge or a renewal with add-ons; otherwise the lines' full price. */
    totalCents?: number;
  }): DodoPayment {
    const now = this.#now().toISOString();
    const total =
      payment.totalCents ??
      payment.lines.reduce(
        (sum, line) =>
          sum + (this.#store.products.get(line.productId)?.priceCents ?? 0) * line.quantity,
        0,
      );
    const failed = payment.status === "failed";
    const record: DodoPayment = {
      payment_id: newId("pay"),
      business_id: this.#businessId,
      brand_id: this.#businessId,
      status: payment.status,
      total_amount: total,
      settlement_amount: failed ? 0 : total,
      currency: "USD",
      settlement_currency: "USD",
      tax: 0,
      customer: customerDetails(payment.customer),
      billing: { ...US_BILLING },
      metadata: { ...payment.metadata },
      subscription_id: payment.subscriptionIds[0] ?? null,
      subscription_ids: [...payment.subscriptionIds],
      is_multi_subscription: payment.subscriptionIds.length > 1,
      checkout_session_id: payment.checkoutSessionId,
      product_cart: payment.lines.map((line) => ({
        product_id: line.productId,
        quantity: line.quantity,
      })),
      created_at: now,
      updated_at: now,
      payment_provider: "stripe",
      payment_method: "card",
      payment_method_type: "credit",
      card_network: "VISA",
      card_last_four: "4242",
      card_type: "CREDIT",
      card_issuing_country: "US",
      card_holder_name: payment.customer.name,
      error_code: failed ? "CARD_DECLINED" : null,
      error_message: failed ? "The card was declined (test mode)." : null,
      retry_attempt: 0,
      digital_products_delivered: !failed,
      is_update_payment_method: false,
      disputes: [],
      refunds: [],
      discount_id: null,
      invoice_id: failed ? null : `inv_${newId("pay").slice(4)}`,
    };
    this.#store.payments.set(record.payment_id, record);
    return record;
  }

  async #emitPayment(type: EventType, payment: DodoPayment): Promise<void> {
    await this.#webhooks.send({
      business_id: this.#businessId,
      type,
      timestamp: this.#now().toISOString(),
      data: { ...payment, payload_type: "Payment" },
    });
  }

  async #emitSubscription(type: EventType, record: SubscriptionRecord): Promise<void> {
    await this.#webhooks.send({
      business_id: this.#businessId,
      type,
      timestamp: this.#now().toISOString(),
      data: { ...structuredClone(record.wire), payload_type: "Subscription" },
    });
  }
}

function customerDetails(customer: Customer): DodoCustomerDetails {
  return {
    customer_id: customer.customerId,
    email: customer.email,
    name: customer.name,
    metadata: {},
    phone_number: null,
  };
}
