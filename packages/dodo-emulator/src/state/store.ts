import type { DodoPayment, DodoSubscription } from "./wire.ts";

/** Everything the stand-in knows, in memory; a restart starts a fresh account. */

export interface DodoProduct {
  productId: string;
  name: string;
  /** Monthly price in cents (USD). */
  priceCents: number;
  /**
   * The add-ons a subscription to this product may carry: Dodo's add-ons are "attached to your
   * main subscription products" and the business controls "which subscription products can use
   * the add-on" (features/addons).
   */
  addonIds?: readonly string[];
}

/** An add-on (`POST /addons`): a recurring price per unit, billed with the subscription's cycle. */
export interface DodoAddon {
  addonId: string;
  name: string;
  /** Monthly price per unit in cents (USD). */
  priceCents: number;
}

export interface CheckoutLine {
  productId: string;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  createdAt: string;
  lines: CheckoutLine[];
  customerEmail: string | null;
  customerName: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  paymentId: string | null;
  /** Null while the hosted page waits for Pay or Fail; set once, when either is pressed. */
  paymentStatus: "succeeded" | "failed" | null;
}

export interface Customer {
  customerId: string;
  email: string;
  name: string;
}

export interface SubscriptionRecord {
  /** The object as the API returns it; handed out only as copies. */
  wire: DodoSubscription;
  /** Billing dates count whole months from here, so a short month does not shift later ones. */
  anchor: Date;
  /** Charges so far, the first one included. */
  charges: number;
}

export interface PortalSession {
  customerId: string;
  returnUrl: string | null;
}

export class DodoStore {
  readonly products: ReadonlyMap<string, DodoProduct>;
  readonly addons: ReadonlyMap<string, DodoAddon>;
  readonly sessions = new Map<string, CheckoutSession>();
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly portals = new Map<string, PortalSession>();
  /** Every charge and declined charge, in the order they happened. */
  readonly payments = new Map<string, DodoPayment>();

  /** When the account's add-ons were made: their `created_at`. */
  readonly createdAt: Date;

  constructor(products: readonly DodoProduct[], addons: readonly DodoAddon[], createdAt: Date) {
    this.products = new Map(products.map((product) => [product.productId, product]));
    this.addons = new Map(addons.map((addon) => [addon.addonId, addon]));
    this.createdAt = createdAt;
  }

  customerByEmail(email: string): Customer | undefined {
    const wanted = email.toLowerCase();
    return [...this.customers.values()].find((customer) => customer.email.toLowerCase() === wanted);
  }

  subscriptionsOf(customerId: string): SubscriptionRecord[] {
    return [...this.subscriptions.values()].filter(
      (record) => record.wire.customer.customer_id === customerId,
    );
  }
}
