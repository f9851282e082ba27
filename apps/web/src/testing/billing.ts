import type { BillingOverview, MeResponse, Subscription } from "@utmost/contracts";

/** Valid billing shapes for tests: each test overrides only what it is about. */

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0, ...overrides };
}

export function makeBillingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    subscription: makeSubscription(),
    mode: "test",
    canManage: false,
    paymentGrace: null,
    extraProperties: 0,
    canBuyExtraProperties: false,
    ...overrides,
  };
}

export function makeMe(subscription: Subscription | null = makeSubscription()): MeResponse {
  return {
    user: {
      id: "u1",
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      createdAt: "2025-11-01T00:00:00.000Z",
    },
    isAdmin: false,
    onboardingCompleted: true,
    subscription,
    twoFactorEnabled: false,
    deletionScheduledFor: null,
    hasPassword: true,
    emailVerified: true,
  };
}
