// Detects referral sessions from payment gateways, 3-D Secure pages and sign-in providers
// (paypal.com, checkout.stripe.com, accounts.google.com ...). The visitor returns from them to
// finish a purchase or log in, and the new referral takes the credit from the real campaign.
import { defineCheck } from "../core/check.ts";
import { isUserValue, normalizeHost, siteDomain } from "../core/values.ts";

interface Gateway {
  family: string;
  label: string;
  /** Registrable names, any country suffix: "paypal" matches paypal.com and paypal.de. */
  brands?: readonly string[];
  /** The domain and all its sub-domains. */
  domains?: readonly string[];
  /** Exactly these hosts. */
  hosts?: readonly string[];
  pattern?: RegExp;
}

const GATEWAYS: readonly Gateway[] = [
  { family: "paypal", label: "PayPal", brands: ["paypal"] },
  { family: "stripe", label: "Stripe", domains: ["stripe.com", "stripe.network"] },
  { family: "klarna", label: "Klarna", brands: ["klarna"], domains: ["klarnaservices.com"] },
  { family: "google-pay", label: "Google Pay", hosts: ["pay.google.com", "payments.google.com"] },
  { family: "amazon-pay", label: "Amazon Pay", pattern: /^(?:pay|payments)\.amazon\.[a-z.]+$/ },
  { family: "adyen", label: "Adyen", brands: ["adyen"], domains: ["adyenpayments.com"] },
  {
    family: "opayo",
    label: "Opayo (Sage Pay)",
    brands: ["sagepay", "opayo"],
    domains: ["opayo.eu.elavon.com"],
  },
  { family: "worldpay", label: "Worldpay", brands: ["worldpay"] },
  { family: "authorize-net", label: "Authorize.net", domains: ["authorize.net"] },
  { family: "2checkout", label: "2Checkout", domains: ["2checkout.com", "avangate.com"] },
  {
    family: "braintree",
    label: "Braintree",
    domains: ["braintreegateway.com", "braintree-api.com"],
  },
  { family: "checkout-com", label: "Checkout.com", domains: ["checkout.com"] },
  { family: "shopify-checkout", label: "Shopify checkout", hosts: ["checkout.shopify.com"] },
  { family: "mollie", label: "Mollie", brands: ["mollie"] },
  { family: "razorpay", label: "Razorpay", brands: ["razorpay"] },
  { family: "payu", label: "PayU", brands: ["payu", "payulatam"] },
  { family: "paytm", label: "Paytm", brands: ["paytm"] },
  { family: "ccavenue", label: "CCAvenue", brands: ["ccavenue"] },
  { family: "mercadopago", label: "Mercado Pago", brands: ["mercadopago"] },
  { family: "trustly", label: "Trustly", brands: ["trustly"] },
  { family: "sofort", label: "Sofort", brands: ["sofort"] },
  { family: "alipay", label: "Alipay", domains: ["alipay.com"] },
  { family: "paystack", label: "Paystack", brands: ["paystack"] },
  { family: "flutterwave", label: "Flutterwave", brands: ["flutterwave"] },
  {
    family: "3-d-secure",
    label: "3-D Secure card verification",
    domains: ["cardinalcommerce.com", "arcot.com", "modirum.com", "securecode.com", "3dsecure.io"],
    // Issuers' access-control servers: acs.bank.com, acs2.bank.co.uk, secure3d.bank.com.
    pattern:
      /(?:^|[.-])(?:3d-?secure|secure-?3d)(?:[.-]|\d|$)|^acs(?:\d+|-[a-z0-9-]+)?\.[^.]+\.[^.]+/,
  },
  { family: "google-sign-in", label: "Google sign-in", hosts: ["accounts.google.com"] },
  {
    family: "microsoft-sign-in",
    label: "Microsoft sign-in",
    hosts: ["login.microsoftonline.com", "login.live.com", "login.microsoft.com"],
  },
  { family: "apple-sign-in", label: "Sign in with Apple", hosts: ["appleid.apple.com"] },
  {
    family: "sso",
    label: "Single sign-on (Okta, Auth0)",
    // A company's sign-in tenant (acme.okta.com), not the vendors' own sites (www.okta.com).
    pattern: /^(?!www\.)[a-z0-9-]+\.(?:[a-z]{2}\.)?(?:okta|oktapreview|auth0)\.com$/,
  },
];

const BY_BRAND = index((gateway) => gateway.brands);
const BY_DOMAIN = index((gateway) => gateway.domains);
const BY_HOST = index((gateway) => gateway.hosts);
const BY_PATTERN = GATEWAYS.filter((gateway) => gateway.pattern !== undefined);

export const paymentGatewayReferral = defineCheck({
  id: "payment-gateway-referral",
  title: "Payment and sign-in pages as referral sources",
  severity: "warning",
  description:
    "Sessions are credited to a payment gateway, card-verification page or sign-in provider as a referral, instead of the campaign that brought the buyer.",
  guide: {
    whyItMatters:
      "When a buyer pays with PayPal or Stripe, passes a 3-D Secure check at their bank, or signs in with Google, they leave your site and come back. If GA4 counts the return as a referral, the purchase is credited to paypal.com / referral instead of the ad, email or search that brought the buyer: paid channels look worse than they are and Referral looks like a top revenue channel.",
    howToFix:
      "In Admin > Data streams > your web stream > Configure tag settings > List unwanted referrals, add the gateway's domains (for example paypal.com, stripe.com, klarna.com, accounts.google.com) with the 'Referral domain contains' match type. Sessions already recorded are not corrected, so compare periods only after the change.",
    exampleWrong: "Session source / medium of a purchase: www.paypal.com / referral",
    exampleCorrect:
      "Session source / medium of a purchase: google / cpc (paypal.com listed as an unwanted referral)",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10327750",
  },
  requires: [
    ["sessionSource", "sessionManualSource"],
    ["sessionMedium", "sessionManualMedium"],
  ],
  run(data, findings) {
    const groups = new Map<Gateway, { sources: Set<string>; ids: number[] }>();
    // Read by value id: each source and medium value is judged once, not once a row.
    const sources = data.firstOfColumn(["sessionSource", "sessionManualSource"]);
    const mediums = data.firstOfColumn(["sessionMedium", "sessionManualMedium"]);
    const gatewayOf = sources.values.map((source) =>
      isUserValue(source) ? findGateway(source) : undefined,
    );
    // Stryker disable next-line ConditionalExpression: a shortcut: no gateway, no finding
    if (gatewayOf.every((gateway) => gateway === undefined)) return;
    const referral = mediums.values.map((medium) => medium.trim().toLowerCase() === "referral");
    const firstId = data.firstId;
    for (let r = 0; r < data.rowCount; r++) {
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      if (source < 0 || medium < 0 || !referral[medium]) continue;
      const gateway = gatewayOf[source];
      if (!gateway) continue;
      let group = groups.get(gateway);
      if (!group) {
        group = { sources: new Set(), ids: [] };
        groups.set(gateway, group);
      }
      group.sources.add(sources.values[source] as string);
      group.ids.push(firstId + r);
    }
    for (const [gateway, group] of groups) {
      findings.addIds(
        `gateway:${gateway.family}`,
        `${gateway.label} appears as a referral source (${[...group.sources].slice(0, 3).join(", ")})`,
        group.ids,
        0,
        group.ids.length,
        { values: group.sources, field: "sessionSource" },
      );
    }
  },
});

function findGateway(source: string): Gateway | undefined {
  const host = normalizeHost(source);
  if (!host.includes(".")) return undefined;
  const exact = BY_HOST.get(host);
  if (exact) return exact;
  const labels = host.split(".");
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: no gateway domain is a bare TLD
  for (let i = 0; i < labels.length - 1; i++) {
    const gateway = BY_DOMAIN.get(labels.slice(i).join("."));
    if (gateway) return gateway;
  }
  // Stryker disable next-line StringLiteral: split always has a first part
  const brand = siteDomain(host).split(".", 1)[0] ?? "";
  const byBrand = BY_BRAND.get(brand);
  if (byBrand) return byBrand;
  // Stryker disable next-line OptionalChaining: BY_PATTERN holds patterns only
  return BY_PATTERN.find((gateway) => gateway.pattern?.test(host));
}

function index(names: (gateway: Gateway) => readonly string[] | undefined): Map<string, Gateway> {
  const map = new Map<string, Gateway>();
  for (const gateway of GATEWAYS) {
    for (const name of names(gateway) ?? []) map.set(name, gateway);
  }
  return map;
}
