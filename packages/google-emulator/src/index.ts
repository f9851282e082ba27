/**
 * An offline stand-in for Google: OAuth 2.0 + OpenID, the GA4 Admin API and the GA4 Data API,
 * speaking Google's HTTP/JSON over seeded synthetic properties, with fault injection.
 */

export type { FaultControl } from "./faults.ts";
export { DEMO_CLIENT, type EmulatorClient } from "./oauth/clients.ts";
export { type ConsentDecisionOptions, consentDecision } from "./oauth/consent-decision.ts";
export {
  createGoogleEmulator,
  type EmulatorOptions,
  type GoogleEmulator,
  type RunningEmulator,
  startGoogleEmulator,
} from "./server.ts";
export {
  type AnalyticsAccount,
  HOSTILE_USER_EMAIL,
  type NewTestUser,
  type TestUser,
  type World,
} from "./world.ts";
