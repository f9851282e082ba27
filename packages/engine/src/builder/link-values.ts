/**
 * The checks a scan runs on a property's values, run on one link before it exists: the link
 * builder refuses values that break the workspace's naming conventions and warns about everything
 * else a scan would later report. Every rule is the scan check's own predicate, so the builder and
 * the audit never disagree.
 */

import { decodeArtifacts, encodingArtifactsIn } from "../checks/encoding-artifacts.ts";
import { characters, LENGTH_LIMITS } from "../checks/excessive-length.ts";
import { preferredMediumSpelling } from "../checks/medium-synonyms.ts";
import { STYLE_LABELS, separatorStyles } from "../checks/mixed-separators.ts";
import { characterProblems } from "../checks/non-ascii-value.ts";
import { paidMediumReplacement } from "../checks/paid-medium-not-recognized.ts";
import { personalDataInValue } from "../checks/pii-in-utm.ts";
import { isPlaceholder } from "../checks/placeholder-value.ts";
import { whitespaceDefect, withoutStrayWhitespace } from "../checks/whitespace-in-value.ts";
import { PARAM_NAMES, UTM_PARAMS } from "../core/audit-data.ts";
import type { NamingConventions, UtmParam } from "../core/types.ts";
import { isGa4Placeholder } from "../core/values.ts";
import { breach, compileConvention, conforms } from "../rules/conventions.ts";
import { findMacros, quote } from "../rules/hygiene.ts";
import { isChannelTypeWord, platformOf } from "../rules/platforms.ts";
import { isGa4PaidMedium, looksPaid, mediumChannel } from "../rules/tagging.ts";

export type LinkValues = Partial<Record<UtmParam, string>>;

export interface LinkProblem {
  /** "error" breaks a naming convention (the builder refuses the link); "warning" advises. */
  severity: "error" | "warning";
  /** The scan check that would report it ("naming-convention" for the errors). */
  checkId: string;
  message: string;
  /** What to write instead, when there is one thing to do. */
  fix?: string;
}

export type LinkProblems = Record<UtmParam, LinkProblem[]>;

// utm_id is left out: platform ids can be case-sensitive (case-inconsistency.ts).
const CASED: ReadonlySet<UtmParam> = new Set(["source", "medium", "campaign", "term", "content"]);
// Terms are search keywords, where spaces are natural; ids carry no words (mixed-separators.ts).
const SEPARATED: ReadonlySet<UtmParam> = new Set(["source", "medium", "campaign", "content"]);
const LIMIT_OF = new Map(LENGTH_LIMITS);

/** The problems of each of one link's UTM values; an empty value has none. */
export function checkLinkValues(
  values: LinkValues,
  conventions: NamingConventions = {},
): LinkProblems {
  const out = {} as LinkProblems;
  for (const param of UTM_PARAMS) {
    const value = values[param] ?? "";
    out[param] = value === "" ? [] : valueProblems(param, value, conventions);
  }
  const medium = values.medium ?? "";
  if (medium !== "") out.medium.push(...mediumProblems(medium, values.source ?? ""));
  return out;
}

/**
 * The separator a workspace's convention for the value accepts between words: "_" when its
 * pattern takes "a_b" and not "a-b", else "-" (the common web spelling, also for no convention).
 */
function separatorFor(rule: ReturnType<typeof compileConvention>): string {
  if (rule && conforms(rule, "a_b") && !conforms(rule, "a-b")) return "_";
  return "-";
}

/**
 * The value as it should be written: stray whitespace gone, lower case where GA4 keeps case,
 * and, where words need a separator, spaces joined with the workspace's ("Spring Sale" becomes
 * "spring-sale", never "spring sale").
 */
function suggestedValue(
  param: UtmParam,
  value: string,
  rule: ReturnType<typeof compileConvention>,
): string {
  let fixed = withoutStrayWhitespace(value);
  if (SEPARATED.has(param)) fixed = fixed.replace(/ /g, separatorFor(rule));
  return CASED.has(param) ? fixed.toLowerCase() : fixed;
}

/** True when some value breaks a convention: the link must not be made. */
export function hasLinkErrors(problems: LinkProblems): boolean {
  return UTM_PARAMS.some((param) => problems[param].some((p) => p.severity === "error"));
}

function valueProblems(
  param: UtmParam,
  value: string,
  conventions: NamingConventions,
): LinkProblem[] {
  const name = PARAM_NAMES[param];
  const problems: LinkProblem[] = [];
  const warn = (checkId: string, message: string, fix?: string) =>
    problems.push({ severity: "warning", checkId, message, ...(fix ? { fix } : {}) });

  const rule = compileConvention(conventions[param]);
  if (rule && !conforms(rule, value)) {
    problems.push({
      severity: "error",
      checkId: "naming-convention",
      message: `${name} '${value}' ${breach(rule)}`,
      fix: "Use a value your workspace's naming conventions allow, or ask an admin to add it.",
    });
  }

  if (isGa4Placeholder(value)) {
    warn(
      "placeholder-value",
      `${quote(value)} is a value GA4 writes itself, not a name for your traffic`,
    );
  }
  // Every fix offers the same spelling, so following one warning does not raise another.
  const suggestion = suggestedValue(param, value, rule);
  const defect = whitespaceDefect(value, param === "source" || param === "medium");
  if (defect) warn("whitespace-in-value", `Has ${defect}`, `Use ${quote(suggestion)}`);
  if (CASED.has(param) && value !== value.toLowerCase()) {
    warn(
      "case-inconsistency",
      "Has upper-case letters: GA4 keeps case, so it becomes a separate row from the lower-case spelling",
      `Use ${quote(suggestion)}`,
    );
  }
  if (isPlaceholder(value.trim().toLowerCase(), param)) {
    warn(
      "placeholder-value",
      `${quote(value)} is a placeholder, not a name`,
      "Write the real name",
    );
  }
  const macros = findMacros(value);
  if (macros.length > 0) {
    warn(
      "unreplaced-macro",
      `Holds the macro${macros.length > 1 ? "s" : ""} ${macros.join(", ")}, which only an ad platform's tracking template fills in`,
      "Write the real value, or put this link in the platform's URL parameters field",
    );
  }
  const personal = personalDataInValue(value);
  if (personal.length > 0) {
    warn(
      "pii-in-utm",
      `Holds personal data (${personal.map((hit) => hit.shown).join(", ")}), which Google's terms forbid sending to Analytics`,
      "Remove it; use an internal id that is not an email, name or phone number",
    );
  }
  const charProblems = characterProblems(param, value);
  if (charProblems.length > 0) {
    warn(
      "non-ascii-value",
      `Contains ${charProblems.join(", ")}`,
      "Retype it in plain lower-case letters, digits, hyphens and underscores",
    );
  }
  const artifacts = encodingArtifactsIn(value);
  if (artifacts.length > 0) {
    warn(
      "encoding-artifacts",
      `Has ${artifacts.join(" and ")}`,
      `Use ${quote(decodeArtifacts(value))}`,
    );
  }
  const limit = LIMIT_OF.get(param);
  if (limit !== undefined && characters(value) > limit) {
    warn(
      "excessive-length",
      `Is ${characters(value)} characters long (limit ${limit}), so reports cut it off`,
      "Keep a short key here and the details in your campaign sheet",
    );
  }
  if (SEPARATED.has(param) && macros.length === 0) {
    const styles = separatorStyles(value);
    if (styles.size > 1) {
      const labels = [...styles].map((style) => STYLE_LABELS[style]);
      warn(
        "mixed-separators",
        `Joins words with ${labels.join(" and ")}`,
        "Pick one separator, usually underscores",
      );
    }
  }
  return problems;
}

/** The channel-mapping checks: the medium, and the source beside it. */
function mediumProblems(medium: string, source: string): LinkProblem[] {
  const swapped = isChannelTypeWord(source) && medium.trim().length >= 2 && platformOf(medium);
  if (swapped) {
    return [
      {
        severity: "warning",
        checkId: "source-medium-swapped",
        message: `Source and medium look swapped: '${source} / ${medium}'`,
        fix: `Use utm_source=${medium.trim()} and utm_medium=${source.trim()}`,
      },
    ];
  }
  const synonym = preferredMediumSpelling(medium);
  if (synonym) {
    return [
      {
        severity: "warning",
        checkId: "medium-synonyms",
        message: `'${medium}' is another spelling of '${synonym}'`,
        fix: `Use '${synonym}', the spelling GA4's channel rules match`,
      },
    ];
  }
  if (looksPaid(medium) && !isGa4PaidMedium(medium)) {
    return [
      {
        severity: "warning",
        checkId: "paid-medium-not-recognized",
        message: `GA4 does not count '${medium}' as paid, so paid clicks land in an organic channel or Unassigned`,
        fix: `Use ${paidMediumReplacement(medium)}`,
      },
    ];
  }
  const platform = platformOf(medium);
  if (platform && !platform.placement && medium.trim().length >= 2) {
    return [
      {
        severity: "warning",
        checkId: "platform-as-medium",
        message: `'${medium}' names the platform ${platform.name}, not a kind of traffic`,
        fix: `Put ${platform.name} in utm_source and cpc, paid_social, social or email in utm_medium`,
      },
    ];
  }
  if (mediumChannel(medium) === "Unassigned" && !looksPaid(medium)) {
    return [
      {
        severity: "warning",
        checkId: "non-standard-medium",
        message: `'${medium}' is not a medium GA4's channel rules know`,
        fix: "Use cpc, paid_social, social, email, display, affiliate or referral",
      },
    ];
  }
  return [];
}
