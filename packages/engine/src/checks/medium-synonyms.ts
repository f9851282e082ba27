// Detects one kind of traffic tagged with several mediums that mean the same thing (email and
// e-mail, cpc and ppc, social and social-media, affiliate and affiliates). Each spelling is its
// own row in GA4, so the channel's traffic is split and some spellings may miss the channel.

import type { ValueStats } from "../core/audit-data.ts";
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { keyPart } from "../rules/tagging.ts";

interface Family {
  id: string;
  /** The spelling to keep: the one GA4's channel rules match. */
  preferred: string;
  spellings: readonly string[];
}

/** True synonyms only, lower case; case-only differences belong to case-inconsistency. */
const FAMILIES: readonly Family[] = [
  {
    id: "email",
    preferred: "email",
    spellings: ["email", "e-mail", "e_mail", "e mail", "mail", "emails", "emailing"],
  },
  {
    id: "cpc",
    preferred: "cpc",
    spellings: ["cpc", "ppc", "pay-per-click", "pay_per_click", "pay per click", "payperclick"],
  },
  {
    id: "social",
    preferred: "social",
    spellings: [
      "social",
      "social-media",
      "social_media",
      "social media",
      "socialmedia",
      "sm",
      "social-network",
      "social_network",
      "social network",
      "socialnetwork",
    ],
  },
  {
    id: "paid-social",
    preferred: "paid_social",
    spellings: [
      "paid_social",
      "paid-social",
      "paid social",
      "paidsocial",
      "social_paid",
      "social-paid",
      "social paid",
      "socialpaid",
    ],
  },
  { id: "referral", preferred: "referral", spellings: ["referral", "referal", "referrals", "ref"] },
  { id: "affiliate", preferred: "affiliate", spellings: ["affiliate", "affiliates", "aff"] },
  { id: "display", preferred: "display", spellings: ["display", "banner", "banners"] },
  {
    id: "push",
    preferred: "push",
    spellings: ["push", "push-notification", "push_notification", "push notification"],
  },
  { id: "qr", preferred: "qr", spellings: ["qr", "qr-code", "qr_code", "qr code", "qrcode"] },
];

const FAMILY_OF = new Map<string, Family>();
for (const family of FAMILIES) {
  for (const spelling of family.spellings) FAMILY_OF.set(spelling, family);
}

/** GA4's spelling of a medium written another way ("e-mail" → "email"), if it has one. */
export function preferredMediumSpelling(medium: string): string | undefined {
  const family = FAMILY_OF.get(keyPart(medium));
  return family && family.preferred !== keyPart(medium) ? family.preferred : undefined;
}

interface Spelling {
  folded: string;
  values: string[];
  /** Each value's stats, in order: their rows are the spelling's. */
  stats: ValueStats[];
  sessions: number;
}

export const mediumSynonyms = defineCheck({
  id: "medium-synonyms",
  title: "Several mediums for the same traffic",
  severity: "warning",
  description:
    "The same kind of traffic is tagged with mediums that mean the same thing (email and e-mail, cpc and ppc, social and social-media), splitting it across rows and sometimes across channels.",
  guide: {
    whyItMatters:
      "GA4 reports every medium spelling as its own value, so email and e-mail, or affiliate and affiliates, show up as separate rows that someone has to add up by hand. Some spellings also fall outside GA4's channel rules (mail, affiliates, referal, social_paid are Unassigned), so part of the traffic silently leaves its channel.",
    howToFix:
      "Choose one medium per kind of traffic and use it in every link: email, cpc, social, paid_social, referral, affiliate, display. Update the link templates in your email tool and ad platforms and the team's link-builder sheet, and share the list of allowed mediums so new campaigns use it.",
    exampleWrong:
      "Newsletter links tagged utm_medium=e-mail in one tool and utm_medium=email in another",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=may_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualMedium", "sessionMedium"]],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    const byFamily = new Map<Family, Map<string, Spelling>>();
    for (const [medium, stats] of data.values(dimension)) {
      if (!isUserValue(medium) || stats.sessions <= 0) continue;
      const folded = keyPart(medium);
      const family = FAMILY_OF.get(folded);
      if (!family) continue;
      let spellings = byFamily.get(family);
      if (!spellings) {
        spellings = new Map();
        byFamily.set(family, spellings);
      }
      addSpelling(spellings, folded, stats);
    }
    for (const [family, spellings] of byFamily) {
      if (spellings.size < 2) continue;
      const keep = spellingToKeep(family, spellings);
      const values = [...spellings.values()].flatMap((spelling) => spelling.values);
      // The rows to retag: every spelling but the one to keep, value by value in order (by id,
      // without an array of every row of the family).
      const key = `family:${family.id}`;
      const title = `${fieldTitle(dimension)} written several ways: ${values.join(", ")} (keep '${keep}')`;
      const options = { values, field: dimension };
      findings.add(key, title, [], options);
      for (const spelling of spellings.values()) {
        if (spelling.folded === keep) continue;
        for (const stats of spelling.stats)
          findings.addValue(key, title, dimension, stats, options);
      }
    }
  },
});

function addSpelling(spellings: Map<string, Spelling>, folded: string, stats: ValueStats): void {
  let spelling = spellings.get(folded);
  if (!spelling) {
    spelling = { folded, values: [], stats: [], sessions: 0 };
    spellings.set(folded, spelling);
  }
  spelling.values.push(stats.value);
  spelling.stats.push(stats);
  spelling.sessions += stats.sessions;
}

/** The spelling GA4 recognises when it is in use, else the most used one. */
function spellingToKeep(family: Family, spellings: ReadonlyMap<string, Spelling>): string {
  if (spellings.has(family.preferred)) return family.preferred;
  let best: Spelling | undefined;
  for (const spelling of spellings.values()) {
    if (!best || spelling.sessions > best.sessions) best = spelling;
  }
  // Stryker disable next-line OptionalChaining: a family here has two spellings
  return best?.folded ?? family.preferred;
}
