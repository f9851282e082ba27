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

export const PROFILES: Readonly<Record<ProfileKey, PropertyProfile>> = Object.freeze(
  Object.fromEntries(PROFILE_KEYS.map((key) => [key, profileOf(DEFINITIONS[key])])) as Record<
    ProfileKey,
    PropertyProfile
  >,
);

/**
 * Plans left out of PROFILE_KEYS: each is seen only by the test user made for it (world.ts), so
 * the demo world, and every test that walks all the profiles, stay as they were.
 */
export const TEST_DEFINITIONS = {
  "hostile-text": hostileText,
} as const satisfies Record<string, ProfileDefinition>;

export type TestProfileKey = keyof typeof TEST_DEFINITIONS;

export const TEST_PROFILES: Readonly<Record<TestProfileKey, PropertyProfile>> = Object.freeze({
  "hostile-text": profileOf(TEST_DEFINITIONS["hostile-text"]),
});
