import type { DodoPayment, DodoSubscription } from "./wire.ts";

/** Everything the stand-in knows, in memory; a restart starts a fresh account. */

export interface DodoProduct {
  productId: string;
  name: string;
  /** Monthly price in cents (USD). */
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
  readonly sessions = new Map<string, CheckoutSession>();
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly portals = new Map<string, PortalSession>();
  /** Every charge and declined charge, in the order they happened. */
  readonly payments = new Map<string, DodoPayment>();

  constructor(products: readonly DodoProduct[]) {
    this.products = new Map(products.map((product) => [product.productId, product]));
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
