import type { Random } from "../random.ts";
import type { TrafficTemplate } from "../traffic.ts";
import type { PropertyProfile } from "../types.ts";

/** A synthetic property's plan: its settings, its clean traffic and the errors put into it. */
export interface ProfileDefinition {
  profile: Omit<PropertyProfile, "injectedErrors">;
  /** Clean traffic, built once per property; the seed may shape it (a publisher's articles). */
  baseline(random: Random): readonly TrafficTemplate[];
  /** Deliberate tagging errors, each naming what the engine must report: the ground truth. */
  errors: readonly TrafficTemplate[];
}

/** The profile with its ground truth: every injected error's checks, in plan order. */
export function profileOf(definition: ProfileDefinition): PropertyProfile {
  return {
    ...definition.profile,
    injectedErrors: definition.errors.flatMap((template) => template.expect),
  };
}

/** Paths under a prefix: paths("/products/", ["a", "b"]) gives /products/a and /products/b. */
export function paths(prefix: string, slugs: readonly string[]): string[] {
  return slugs.map((slug) => `${prefix}${slug}`);
}
