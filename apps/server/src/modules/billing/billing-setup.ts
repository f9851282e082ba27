import {
  EXTRA_PROPERTY_NAME,
  EXTRA_PROPERTY_PRICE_USD,
  PAID_TIERS,
  type PaidTier,
  PLANS,
  type SubscriptionTier,
} from "@utmost/contracts";
import type { DodoEmulator } from "@utmost/dodo-emulator";
import DodoPayments from "dodopayments";
import type { Config } from "../../env.ts";

/** Where the provider sends its events (ADR 011). */
export const DODO_WEBHOOK_PATH = "/api/webhooks/dodo";

/** The embedded stand-in's product ids, one per paid plan. */
const EMBEDDED_PRODUCTS: Record<PaidTier, string> = {
  pro: "pdt_utmost_pro",
  advanced: "pdt_utmost_team",
  agency: "pdt_utmost_agency",
};

/** The embedded stand-in's add-on for one extra property, attached to every paid product. */
const EMBEDDED_EXTRA_PROPERTY_ADDON = "adn_utmost_extra_property";

export interface BillingSetup {
  client: DodoPayments;
  /** The Standard Webhooks secret the provider signs events with. */
  webhookKey: string;
  mode: "test" | "live";
  products: Record<PaidTier, string>;
  /**
   * The add-on sold as one extra analytics property (spec §9, ADR 025); null where this
   * deployment sells none.
   */
  extraPropertyAddon: string | null;
  /** The stand-in mounted in this process (the embedded demo). */
  embedded?: DodoEmulator;
}

/** The tier a provider product sells, or undefined for a product this deployment does not sell. */
export function tierOfProduct(
  setup: BillingSetup,
  productId: string,
): SubscriptionTier | undefined {
  return PAID_TIERS.find((tier) => setup.products[tier] === productId);
}

/**
 * Resolves the configured provider (`env.ts` BillingConfig). The stand-in is loaded only when it
 * is used, so a production process never imports it.
 */
export async function setUpBilling(config: Config): Promise<BillingSetup | null> {
  const billing = config.billing;
  switch (billing.kind) {
    case "disabled":
      return null;
    case "dodo":
      return {
        client: new DodoPayments({
          bearerToken: billing.apiKey,
          webhookKey: billing.webhookKey,
          ...(billing.baseUrl
            ? { baseURL: billing.baseUrl }
            : { environment: billing.mode === "live" ? "live_mode" : "test_mode" }),
          maxRetries: 2,
          timeout: 20_000,
        }),
        webhookKey: billing.webhookKey,
        mode: billing.mode,
        products: billing.products,
        extraPropertyAddon: billing.extraPropertyAddon,
      };
    case "embedded": {
      const { createDodoEmulator } = await import("@utmost/dodo-emulator");
      const embedded = createDodoEmulator({
        publicUrl: billing.url,
        apiKey: billing.apiKey,
        webhookKey: billing.webhookKey,
        webhookUrl: `${config.appUrl}${DODO_WEBHOOK_PATH}`,
        products: PAID_TIERS.map((tier) => ({
          productId: EMBEDDED_PRODUCTS[tier],
          name: `Utmost ${PLANS[tier].name}`,
          priceCents: PLANS[tier].priceUsd * 100,
          addonIds: [EMBEDDED_EXTRA_PROPERTY_ADDON],
        })),
        addons: [
          {
            addonId: EMBEDDED_EXTRA_PROPERTY_ADDON,
            name: EXTRA_PROPERTY_NAME,
            priceCents: EXTRA_PROPERTY_PRICE_USD * 100,
          },
        ],
        // Demo mode only, test payments only: a renewal can be failed, or the stand-in's clock
        // moved, from the demo or a browser test (/dodo-emulator/__emulator/*).
        control: true,
        logger: false,
      });
      return {
        client: new DodoPayments({
          bearerToken: billing.apiKey,
          webhookKey: billing.webhookKey,
          baseURL: billing.url,
          maxRetries: 0,
        }),
        webhookKey: billing.webhookKey,
        mode: "test",
        products: EMBEDDED_PRODUCTS,
        extraPropertyAddon: EMBEDDED_EXTRA_PROPERTY_ADDON,
        embedded,
      };
    }
  }
}
