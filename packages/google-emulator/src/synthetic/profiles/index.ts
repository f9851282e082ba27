/**
 * The synthetic properties the stand-in serves, one plan per profile key. Each profile's
 * `injectedErrors` is read off its plan's error templates, so the ground truth cannot drift from
 * the traffic that produces it.
 */
import type { PropertyProfile } from "../types.ts";
import { agencyClient } from "./agency-client.ts";
import { type ProfileDefinition, profileOf } from "./definition.ts";
import { hostileText } from "./hostile-text.ts";
import { hugePublisher } from "./huge-publisher.ts";
import { largeStore } from "./large-store.ts";
import { multilingual } from "./multilingual.ts";
import { revokedClient } from "./revoked-client.ts";
import { wellRunStore } from "./well-run-store.ts";

/** Every plan by key; the order is the order properties are listed in. */
export const DEFINITIONS = {
  "well-run-store": wellRunStore,
  "agency-client": agencyClient,
  "large-store": largeStore,
  "huge-publisher": hugePublisher,
  "revoked-client": revokedClient,
} as const satisfies Record<string, ProfileDefinition>;

export type ProfileKey = keyof typeof DEFINITIONS;

export const PROFILE_KEYS = Object.keys(DEFINITIONS) as readonly ProfileKey[];

/** Each plan's property profile, by the same keys. */
function profilesOf<K extends string>(
  definitions: Readonly<Record<K, ProfileDefinition>>,
): Readonly<Record<K, PropertyProfile>> {
  const keys = Object.keys(definitions) as K[];
  return Object.freeze(
    Object.fromEntries(keys.map((key) => [key, profileOf(definitions[key])])) as Record<
      K,
      PropertyProfile
    >,
  );
}

export const PROFILES = profilesOf(DEFINITIONS);

/**
 * Plans left out of PROFILE_KEYS: each is seen only by the test user made for it (world.ts), so
 * the demo world, and every test that walks all the profiles, stay as they were.
 */
export const TEST_DEFINITIONS = {
  "hostile-text": hostileText,
  multilingual,
} as const satisfies Record<string, ProfileDefinition>;

export type TestProfileKey = keyof typeof TEST_DEFINITIONS;

export const TEST_PROFILES = profilesOf(TEST_DEFINITIONS);
