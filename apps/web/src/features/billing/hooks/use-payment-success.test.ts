import { describe, expect, it } from "vitest";
import { makeMe, makeSubscription } from "@/testing/billing";
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_WINDOW_MS,
  paymentPollInterval,
} from "./use-payment-success";

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
