import type { NewCheckout } from "../billing/billing.service.ts";
import { invalidBody } from "../dodo-error.ts";
import type { CheckoutLine } from "../state/store.ts";
import {
  type DodoAddonCartItem,
  PRORATION_BILLING_MODES,
  type ProrationBillingMode,
} from "../state/wire.ts";
import { readField } from "./reply.ts";

/**
 * Request bodies, read as Dodo reads them (the fields of `CheckoutSessionCreateParams` and
 * `SubscriptionUpdateParams` in the SDK's types that the stand-in acts on); every other field is
 * accepted and ignored, as it would be by a Dodo account without those features.
 */

export function parseCheckoutRequest(body: unknown): NewCheckout {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidBody("The request body must be a JSON object.");
  }
  const cart = readField(body, "product_cart");
  if (!Array.isArray(cart) || cart.length === 0) {
    throw invalidBody("product_cart must list at least one product.");
  }
  const lines = cart.map((item: unknown, index): CheckoutLine => {
    const productId = readField(item, "product_id");
    const quantity = readField(item, "quantity");
    if (typeof productId !== "string" || productId === "") {
      throw invalidBody(`product_cart[${index}].product_id must be a product id.`);
    }
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
      throw invalidBody(`product_cart[${index}].quantity must be a whole number, 1 or more.`);
    }
    const addons = readField(item, "addons");
    if (Array.isArray(addons) && addons.length > 0) {
      // Dodo sells add-ons at checkout too (features/addons); the stand-in attaches them with
      // change-plan only, and says so rather than charging a different amount than Dodo would.
      throw invalidBody(
        `product_cart[${index}].addons: this stand-in attaches add-ons with change-plan only.`,
      );
    }
    return { productId, quantity };
  });
  const customer = readField(body, "customer");
  if (customer !== undefined && customer !== null && typeof customer !== "object") {
    throw invalidBody("customer must be an object.");
  }
  return {
    lines,
    customerId: optionalString(customer, "customer_id", "customer.customer_id"),
    customerEmail: optionalString(customer, "email", "customer.email"),
    customerName: optionalString(customer, "name", "customer.name"),
    returnUrl: optionalUrl(body, "return_url"),
    cancelUrl: optionalUrl(body, "cancel_url"),
    metadata: metadata(readField(body, "metadata")),
  };
}

export interface SubscriptionUpdate {
  cancel: boolean;
  cancelAtNextBillingDate: boolean | undefined;
}

export function parseSubscriptionUpdate(body: unknown): SubscriptionUpdate {
  const status = readField(body, "status");
  const flag = readField(body, "cancel_at_next_billing_date");
  if (status !== undefined && status !== null && status !== "cancelled") {
    throw invalidBody('status can only be set to "cancelled".');
  }
  if (flag !== undefined && flag !== null && typeof flag !== "boolean") {
    throw invalidBody("cancel_at_next_billing_date must be true or false.");
  }
  return {
    cancel: status === "cancelled",
    cancelAtNextBillingDate: typeof flag === "boolean" ? flag : undefined,
  };
}

/** The SDK sends `return_url` in the query; a JSON body is read too. */
export function parsePortalRequest(query: unknown, body: unknown): { returnUrl: string | null } {
  return { returnUrl: optionalUrl(query, "return_url") ?? optionalUrl(body, "return_url") };
}

function optionalString(source: unknown, name: string, label: string): string | null {
  const value = readField(source, name);
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw invalidBody(`${label} must be a string.`);
  return value.trim() === "" ? null : value.trim();
}

function optionalUrl(source: unknown, name: string): string | null {
  const value = optionalString(source, name, name);
  if (value !== null && !URL.canParse(value)) throw invalidBody(`${name} must be a URL.`);
  return value;
}

function metadata(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidBody("metadata must be an object of strings.");
  }
  const entries = Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof item !== "string") throw invalidBody(`metadata.${key} must be a string.`);
  }
  return Object.fromEntries(entries);
}

/**
 * `POST /subscriptions/{id}/change-plan` (`SubscriptionChangePlanParams`): product_id,
 * proration_billing_mode and quantity are required; Dodo documents quantity as "Number of units
 * to subscribe for. Must be at least 1."
 */
export function parseChangePlan(body: unknown): {
  productId: string;
  quantity: number;
  mode: ProrationBillingMode;
  addons: DodoAddonCartItem[];
} {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidBody("The request body must be a JSON object.");
  }
  const productId = readField(body, "product_id");
  if (typeof productId !== "string" || productId.trim() === "") {
    throw invalidBody("product_id is required: the product to subscribe to.");
  }
  const mode = readField(body, "proration_billing_mode");
  if (!PRORATION_BILLING_MODES.includes(mode as ProrationBillingMode)) {
    throw invalidBody(
      `proration_billing_mode is required: one of ${PRORATION_BILLING_MODES.join(", ")}.`,
    );
  }
  const quantity = readField(body, "quantity");
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
    throw invalidBody("quantity is the number of units to subscribe for and must be at least 1.");
  }
  return {
    productId,
    quantity,
    mode: mode as ProrationBillingMode,
    addons: parseAddons(readField(body, "addons")),
  };
}

/**
 * change-plan's `addons` (`AttachAddon[]`): "Addons for the new plan. Note : Leaving this empty
 * would remove any existing addons", so missing, null and [] all mean none. Each names an add-on
 * once with a whole number of units; a quantity of 0 and a repeated add-on are refused, since
 * Dodo does not say what they do (docs/dodo-open-questions.md).
 */
function parseAddons(value: unknown): DodoAddonCartItem[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidBody("addons must be a list of {addon_id, quantity}.");
  const seen = new Set<string>();
  return value.map((item: unknown, index): DodoAddonCartItem => {
    const addonId = readField(item, "addon_id");
    const quantity = readField(item, "quantity");
    if (typeof addonId !== "string" || addonId.trim() === "") {
      throw invalidBody(`addons[${index}].addon_id must be an add-on id.`);
    }
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
      throw invalidBody(
        `addons[${index}].quantity must be a whole number, 1 or more; leave the add-on out to remove it.`,
      );
    }
    if (seen.has(addonId)) throw invalidBody(`addons lists ${addonId} more than once.`);
    seen.add(addonId);
    return { addon_id: addonId, quantity };
  });
}

/**
 * `GET /payments`'s query (`PaymentListParams`): "Page size default is 10 max is 100", page
 * numbers from 0.
 */
export function parsePaymentListQuery(query: unknown): {
  subscriptionId?: string;
  customerId?: string;
  pageSize: number;
  pageNumber: number;
} {
  const text = (name: string) => {
    const value = readField(query, name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const whole = (name: string, fallback: number, max: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw invalidBody(`${name} must be a whole number from 0 to ${max}.`);
    }
    return value;
  };
  return {
    subscriptionId: text("subscription_id"),
    customerId: text("customer_id"),
    pageSize: whole("page_size", 10, 100),
    pageNumber: whole("page_number", 0, Number.MAX_SAFE_INTEGER),
  };
}
