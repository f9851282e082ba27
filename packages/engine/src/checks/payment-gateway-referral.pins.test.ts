import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { paymentGatewayReferral } from "./payment-gateway-referral.ts";

/** Issue 20: what payment-gateway-referral takes for a gateway's referral. */

const referral = (source: string, medium: string | undefined, sessions = 5): AuditRow => ({
  sessionSource: source,
  ...(medium === undefined ? {} : { sessionMedium: medium }),
  sessions,
});

describe("payment-gateway-referral edges", () => {
  it("trims the medium, and reports on the session source", () => {
    const result = runOn(paymentGatewayReferral, [referral("www.paypal.com", " referral ", 6)]);
    expect(findingKeys(result)).toEqual(["gateway:paypal"]);
    expect(result.findings[0]?.field).toBe("sessionSource");
    expect(result.findings[0]?.values).toEqual(["www.paypal.com"]);
    expect(result.findings[0]?.affectedSessions).toBe(6);
  });

  it("reads a row without a medium as no referral", () => {
    const result = runOn(paymentGatewayReferral, [
      referral("www.paypal.com", undefined),
      referral("newsletter", "email"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("needs a host: a gateway's bare name is no referrer", () => {
    expect(runOn(paymentGatewayReferral, [referral("paypal", "referral")]).status).toBe("passed");
  });
});

describe("payment-gateway-referral title", () => {
  const title = (...sources: string[]) =>
    runOn(
      paymentGatewayReferral,
      sources.map((source) => referral(source, "referral")),
    ).findings[0]?.title;

  it("names the gateway and up to three of its hosts", () => {
    expect(title("www.paypal.com")).toBe("PayPal appears as a referral source (www.paypal.com)");
    expect(title("www.paypal.com", "paypal.com")).toBe(
      "PayPal appears as a referral source (www.paypal.com, paypal.com)",
    );
    expect(
      title("www.paypal.com", "paypal.com", "checkout.paypal.com", "www.sandbox.paypal.com"),
    ).toBe("PayPal appears as a referral source (www.paypal.com, paypal.com, checkout.paypal.com)");
  });
});
