import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { paymentGatewayReferral } from "./payment-gateway-referral.ts";

function referral(source: string, sessions = 10, medium = "referral") {
  return { sessionSource: source, sessionMedium: medium, sessions };
}

describe("payment-gateway-referral", () => {
  it("flags payment gateways as referrals, one finding per gateway family", () => {
    const result = runOn(paymentGatewayReferral, [
      referral("paypal.com", 30),
      referral("www.paypal.com", 20),
      referral("checkout.stripe.com", 8),
      referral("js.stripe.com", 2),
      referral("pay.klarna.com", 5),
      referral("checkoutshopper-live.adyen.com", 4),
      referral("secure.worldpay.com", 3),
      referral("www.mollie.com", 1),
      referral("pay.google.com", 1),
      referral("payments.amazon.co.uk", 1),
      referral("news.ycombinator.com", 400),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "gateway:adyen",
      "gateway:amazon-pay",
      "gateway:google-pay",
      "gateway:klarna",
      "gateway:mollie",
      "gateway:paypal",
      "gateway:stripe",
      "gateway:worldpay",
    ]);
    const paypal = result.findings.find((f) => f.key === "gateway:paypal");
    expect(paypal?.values).toEqual(["paypal.com", "www.paypal.com"]);
    expect(paypal?.affectedSessions).toBe(50);
    expect(paypal?.title).toContain("PayPal");
    expect(result.affectedSessions).toBe(75);
  });

  it("flags 3-D Secure pages and sign-in providers", () => {
    const result = runOn(paymentGatewayReferral, [
      referral("acs.barclaycard.co.uk"),
      referral("secure3d.bank.de"),
      referral("centinelapi.cardinalcommerce.com"),
      referral("accounts.google.com"),
      referral("login.microsoftonline.com"),
      referral("appleid.apple.com"),
      referral("acme.okta.com"),
      referral("acme.eu.auth0.com"),
    ]);
    expect(findingKeys(result)).toEqual([
      "gateway:3-d-secure",
      "gateway:apple-sign-in",
      "gateway:google-sign-in",
      "gateway:microsoft-sign-in",
      "gateway:sso",
    ]);
    expect(result.findings.find((f) => f.key === "gateway:3-d-secure")?.values).toHaveLength(3);
  });

  it("passes look-alikes, Google search, other mediums and campaigns that name a gateway", () => {
    const result = runOn(paymentGatewayReferral, [
      referral("google.com"),
      referral("www.google.com"),
      referral("apple.com"),
      referral("shopify.com"),
      referral("pubs.acs.org"),
      referral("acs.org"),
      referral("paypalshop-reviews.net"),
      referral("stripe-partners.io"),
      referral("www.okta.com"),
      referral("paypal", 10, "email"),
      referral("www.paypal.com", 10, "cpc"),
      referral("(direct)", 10, "(none)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a medium", () => {
    const result = runOn(paymentGatewayReferral, [{ sessionSource: "paypal.com", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionMedium or sessionManualMedium");
  });
});
