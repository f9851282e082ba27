import { describe, expect, it } from "vitest";
import { makeMe, makeSubscription } from "@/testing/billing";
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_WINDOW_MS,
  paymentOutcome,
  paymentPollInterval,
} from "./use-payment-success";

describe("paymentOutcome", () => {
  const outcome = (query: string) => paymentOutcome(new URLSearchParams(query));

  it("reads a subscription or payment the provider confirmed as a success", () => {
    expect(outcome("payment=success")).toBe("succeeded");
    expect(outcome("payment=success&subscription_id=sub_1&status=active")).toBe("succeeded");
    expect(outcome("payment=success&payment_id=pay_1&status=succeeded")).toBe("succeeded");
  });

  it("reads a declined card as a failure, whatever the landing says", () => {
    expect(outcome("payment=success&status=failed")).toBe("failed");
    expect(outcome("payment=success&subscription_id=sub_1&status=cancelled")).toBe("failed");
  });

  it("has nothing to say without the landing flag", () => {
    expect(outcome("")).toBeNull();
    expect(outcome("status=failed")).toBeNull();
  });
});

describe("paymentPollInterval", () => {
  const now = 1_000_000;
  const deadline = now + PAYMENT_POLL_WINDOW_MS;

  it("reads the plan every 2 seconds while it is still Free", () => {
    expect(PAYMENT_POLL_INTERVAL_MS).toBe(2_000);
    expect(paymentPollInterval(makeMe(), deadline, now)).toBe(2_000);
    expect(paymentPollInterval(undefined, deadline, now)).toBe(2_000);
    expect(paymentPollInterval(makeMe(null), deadline, now)).toBe(2_000);
  });

  it("stops once the plan is paid", () => {
    const me = makeMe(makeSubscription({ tier: "pro" }));
    expect(paymentPollInterval(me, deadline, now)).toBe(false);
  });

  it("gives up 30 seconds after the payment", () => {
    expect(PAYMENT_POLL_WINDOW_MS).toBe(30_000);
    expect(paymentPollInterval(makeMe(), deadline, deadline - 1)).toBe(2_000);
    expect(paymentPollInterval(makeMe(), deadline, deadline)).toBe(false);
  });

  it("does not poll without a payment to wait for", () => {
    expect(paymentPollInterval(makeMe(), null, now)).toBe(false);
  });
});
