/**
 * Synthetic GA4 properties for the emulator's Data API: deterministic fact rows per day, built
 * from hand-written traffic plans with known tagging errors (each profile's `injectedErrors`).
 */
import { createGenerator } from "./generator.ts";
import type { ProfileDefinition } from "./profiles/definition.ts";
import { DEFINITIONS, TEST_DEFINITIONS } from "./profiles/index.ts";
import { storeBaseline } from "./profiles/well-run-store.ts";
import { mixSeed, Random } from "./random.ts";
import type { PropertyProfile, SyntheticProperty } from "./types.ts";

export { HOSTILE_TEXT } from "./profiles/hostile-text.ts";
export {
  PROFILE_KEYS,
  PROFILES,
  type ProfileKey,
  TEST_PROFILES,
  type TestProfileKey,
} from "./profiles/index.ts";
export { MULTILINGUAL_TEXT } from "./profiles/multilingual.ts";
export type { ChannelGroup } from "./traffic.ts";
export * from "./types.ts";

/** Salts the stream that builds a plan's seed-dependent traffic (a publisher's articles). */
const PLAN_SALT = 0x91a4;

/**
 * The property a profile describes. Its traffic plan is found by the profile's key, so a copy of
 * a profile with another seed or id keeps its plan, injected errors included; a key without a
 * plan gets a clean shop and should list no injected errors.
 */
export function createSyntheticProperty(profile: PropertyProfile): SyntheticProperty {
  const definition = definitionOf(profile.key);
  const templates = definition
    ? [...definition.baseline(new Random(mixSeed(profile.seed, PLAN_SALT))), ...definition.errors]
    : storeBaseline();
  return createGenerator(profile, templates);
}

const PLANS: Readonly<Record<string, ProfileDefinition>> = { ...DEFINITIONS, ...TEST_DEFINITIONS };

function definitionOf(key: string): ProfileDefinition | undefined {
  return Object.hasOwn(PLANS, key) ? PLANS[key] : undefined;
}
