/**
 * A billing record outlives its account: tax and accounting law asks for 7 years (spec §9 legal
 * facts), data protection for nothing personal beyond what that needs. When an account is
 * purged, each provider event it is named in keeps its amounts, currency, dates, plan (product
 * and tier), statuses and the provider's ids, and loses whatever says who paid: names, email,
 * phone, postal address, the card holder and the card's last digits, tax id, the customer's own
 * words, invoice links (the invoice itself names the customer) and our user id.
 */

/** Fields of a Dodo Payments payload (SDK v2.52.0 `Payment`, `Subscription`) that name a person. */
const PERSONAL_FIELDS = new Set([
  "email",
  "name",
  "phone_number",
  "street",
  "city",
  "state",
  "zipcode",
  "card_holder_name",
  "card_last_four",
  "customer_business_name",
  "tax_id",
  "cancellation_comment",
  "cancellation_feedback",
  "invoice_url",
]);

/** Metadata is free-form: only the keys the app itself writes at checkout and are not personal. */
const KEPT_METADATA_KEYS = new Set(["tier"]);

export const BILLING_RECORD_RETENTION_YEARS = 7;

/** The payload with every personal field set to null; everything else as it was. */
export function anonymiseBillingPayload(payload: unknown): unknown {
  if (Array.isArray(payload)) return payload.map(anonymiseBillingPayload);
  if (payload === null || typeof payload !== "object") return payload;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (PERSONAL_FIELDS.has(key)) {
      result[key] = null;
    } else if (key === "metadata" && value !== null && typeof value === "object") {
      result[key] = Object.fromEntries(
        Object.entries(value).filter(([metadataKey]) => KEPT_METADATA_KEYS.has(metadataKey)),
      );
    } else {
      result[key] = anonymiseBillingPayload(value);
    }
  }
  return result;
}
