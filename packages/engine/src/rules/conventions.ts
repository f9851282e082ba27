/**
 * A workspace's naming conventions: compiling them, checking a value against them, validating
 * them before they are saved, and the ready-made templates. Patterns are RE2 (ADR 012), the
 * syntax of GA4's own "matches regex" filters (support.google.com/analytics/answer/1034324):
 * matching is linear in the value's length, so no pattern can stall a scan or the link builder.
 */
import { RE2JS } from "re2js";
import { PARAM_NAMES, UTM_PARAMS } from "../core/audit-data.ts";
import type { NamingConventions, ParamConvention, UtmParam } from "../core/types.ts";
import { listForTitle } from "./values-extra.ts";

/** What a convention may hold; the settings form and the API refuse more. */
export const CONVENTION_LIMITS = {
  allowedValues: 200,
  valueLength: 100,
  patternLength: 500,
} as const;

export interface ConventionRule {
  allowed: ReadonlySet<string> | undefined;
  pattern: RE2JS | undefined;
  /** The pattern as the workspace wrote it, for messages. */
  source: string | undefined;
}

export interface ConventionError {
  param: UtmParam;
  message: string;
}

/** "/^[a-z_]+$/i" as pasted from code: the body and the flags. */
const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * The pattern's body and RE2 flags. A JavaScript literal's i, m and s map to RE2's flags; g and
 * y mean nothing for a whole-value match and u, v and d nothing to RE2, so they are ignored.
 */
function patternParts(source: string): { body: string; flags: number } {
  const literal = REGEX_LITERAL.exec(source);
  if (!literal) return { body: source, flags: 0 };
  const letters = literal[2] ?? "";
  let flags = 0;
  if (letters.includes("i")) flags |= RE2JS.CASE_INSENSITIVE;
  if (letters.includes("m")) flags |= RE2JS.MULTILINE;
  if (letters.includes("s")) flags |= RE2JS.DOTALL;
  return { body: literal[1] ?? "", flags };
}

/** The compiled pattern, or the parser's message when RE2 refuses it. */
function compilePattern(source: string): RE2JS | string {
  const { body, flags } = patternParts(source);
  try {
    return RE2JS.compile(body, flags);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * An allowed list is compared exactly (case matters, as it does in GA4). A pattern must match the
 * whole value, like GA4's "matches regex"; a pattern that does not compile is no rule at all,
 * rather than a reason to flag every value (saving refuses such patterns: validateConventions).
 */
export function compileConvention(
  convention: ParamConvention | undefined,
): ConventionRule | undefined {
  if (!convention) return undefined;
  const allowed =
    convention.allowed && convention.allowed.length > 0 ? new Set(convention.allowed) : undefined;
  const source = (convention.pattern ?? "").trim() || undefined;
  const compiled = source === undefined ? undefined : compilePattern(source);
  const pattern = compiled instanceof RE2JS ? compiled : undefined;
  if (!allowed && !pattern) return undefined;
  return { allowed, pattern, source: pattern ? source : undefined };
}

/** Either rule lets a value through: the list can name exceptions to the pattern. */
export function conforms(rule: ConventionRule, value: string): boolean {
  return (rule.allowed?.has(value) ?? false) || (rule.pattern?.testExact(value) ?? false);
}

/** How a value breaks the rule: "is not one of 'cpc', 'email' and does not match …". */
export function breach(rule: ConventionRule): string {
  const list = rule.allowed ? `one of ${listForTitle([...rule.allowed], 5)}` : undefined;
  const pattern = rule.source ? `the pattern ${rule.source}` : undefined;
  if (list && pattern) return `is not ${list} and does not match ${pattern}`;
  if (list) return `is not ${list}`;
  return `does not match ${pattern ?? ""}`;
}

/** Every reason the conventions cannot be saved, per parameter; empty when they can. */
export function validateConventions(conventions: NamingConventions): ConventionError[] {
  const errors: ConventionError[] = [];
  for (const param of UTM_PARAMS) {
    const convention = conventions[param];
    if (!convention) continue;
    const name = PARAM_NAMES[param];
    const allowed = convention.allowed ?? [];
    if (allowed.length > CONVENTION_LIMITS.allowedValues) {
      errors.push({
        param,
        message: `${name} can have at most ${CONVENTION_LIMITS.allowedValues} allowed values (${allowed.length} given)`,
      });
    }
    if (allowed.some((value) => value.trim() === "")) {
      errors.push({ param, message: `The allowed values for ${name} cannot be empty` });
    }
    const long = allowed.find((value) => [...value].length > CONVENTION_LIMITS.valueLength);
    if (long !== undefined) {
      errors.push({
        param,
        message: `Each allowed value for ${name} must be at most ${CONVENTION_LIMITS.valueLength} characters ('${[...long].slice(0, 20).join("")}…' is ${[...long].length})`,
      });
    }
    const pattern = (convention.pattern ?? "").trim();
    if (pattern === "") continue;
    if (pattern.length > CONVENTION_LIMITS.patternLength) {
      errors.push({
        param,
        message: `The pattern for ${name} must be at most ${CONVENTION_LIMITS.patternLength} characters`,
      });
      continue;
    }
    const compiled = compilePattern(pattern);
    if (typeof compiled === "string") {
      errors.push({ param, message: `Invalid regular expression for ${name}: ${compiled}` });
    }
  }
  return errors;
}

export interface ConventionTemplate {
  id: string;
  name: string;
  description: string;
  conventions: NamingConventions;
}

/** Lower-case words and digits joined by single underscores: spring_sale_2025. */
const LOWERCASE_UNDERSCORES = "^[a-z0-9]+(_[a-z0-9]+)*$";

/**
 * Mediums each of which lands in a GA4 default channel on its own, whatever the source
 * (ga4-protocol.md §5.3; channel-group.ts): cpc and paid_social are Paid Search / Paid Social
 * with a listed search or social source and Paid Other otherwise, email is Email, social Organic
 * Social, display Display, affiliate Affiliates, referral Referral, video Organic Video.
 * "organic_social" is left out: no rule matches it, so it reaches Organic Social only with a
 * listed social source and is Unassigned otherwise; "social" is GA4's medium for unpaid posts.
 */
export const FIXED_MEDIUMS: readonly string[] = [
  "cpc",
  "email",
  "social",
  "display",
  "affiliate",
  "referral",
  "paid_social",
  "video",
];

export const CONVENTION_TEMPLATES: readonly ConventionTemplate[] = [
  {
    id: "lowercase-underscores",
    name: "Lowercase with underscores",
    description:
      "Source, medium and campaign in lower case, words joined by single underscores (spring_sale_2025).",
    conventions: {
      source: { pattern: LOWERCASE_UNDERSCORES },
      medium: { pattern: LOWERCASE_UNDERSCORES },
      campaign: { pattern: LOWERCASE_UNDERSCORES },
    },
  },
  {
    id: "date-suffix",
    name: "Date suffix",
    description:
      "Every campaign ends with the year and month it starts, as _YYYY-MM (spring_sale_2025-03), so campaigns sort by date and repeat yearly without clashing.",
    conventions: {
      campaign: { pattern: "^[a-z0-9]+(_[a-z0-9]+)*_20[0-9]{2}-(0[1-9]|1[0-2])$" },
    },
  },
  {
    id: "fixed-mediums",
    name: "Fixed medium list",
    description: `Only mediums GA4 files in a channel: ${FIXED_MEDIUMS.join(", ")}.`,
    conventions: { medium: { allowed: FIXED_MEDIUMS } },
  },
];
