/**
 * The engine's reasons for skipping a check (packages/engine: `runCheck` and the checks'
 * `skipUnless`), in the words of the person reading the report. A reason not known here is
 * shown as the engine wrote it.
 */

/** The GA4 dimensions the engine reads, as people know them. */
const DIMENSION_WORDS: Record<string, string> = {
  sessionManualSource: "utm_source",
  sessionManualMedium: "utm_medium",
  sessionManualCampaignName: "utm_campaign",
  sessionManualCampaignId: "utm_id",
  sessionManualTerm: "utm_term",
  sessionManualAdContent: "utm_content",
  sessionSource: "session source",
  sessionMedium: "session medium",
  sessionCampaignName: "session campaign",
  sessionDefaultChannelGroup: "default channel group",
  landingPagePlusQueryString: "landing page with its query string",
  pageReferrer: "page referrer",
  date: "date",
};

const KNOWN_REASONS: Record<string, string> = {
  "no sessions to audit": "the audited date range has no sessions.",
  "no naming conventions defined": "no naming conventions are set for this workspace.",
  "the data has none of the parameters the naming conventions cover":
    "the data has none of the UTM parameters your naming conventions cover.",
  "no previous scan to compare with":
    "there is no earlier audit to compare with; the next audit will compare with this one.",
  "the previous scan has no values for the parameters in this data":
    "the earlier audit has no values for the UTM parameters in this data.",
  "the site's own hosts are unknown": "the site's own domains are not known.",
  "needs sessionSource and sessionMedium to compare with the manual dimensions":
    "the data has no session source and medium (GA4 dimensions sessionSource, sessionMedium) to compare with the UTM values.",
};

/**
 * "needs A or B, C": each comma-separated group is one requirement, met by any of its
 * alternatives. Undefined unless every name is a known dimension.
 */
function missingDimensions(reason: string): string | undefined {
  const match = /^needs (.+)$/.exec(reason);
  if (!match?.[1]) return undefined;
  const groups = match[1].split(", ").map((group) => group.split(" or "));
  if (!groups.flat().every((name) => name in DIMENSION_WORDS)) return undefined;
  const phrases = groups.map((names) => {
    const words = names.map((name) => DIMENSION_WORDS[name]).join(" or ");
    const label = names.length === 1 ? "GA4 dimension" : "GA4 dimensions";
    return `${words} (${label} ${names.join(", ")})`;
  });
  return `the data has no ${phrases.join(" and no ")}.`;
}

/** "Skipped: the data has no utm_term (GA4 dimension sessionManualTerm)." */
export function skippedReasonText(reason: string | null): string {
  if (reason === null) return "Skipped.";
  const text = KNOWN_REASONS[reason] ?? missingDimensions(reason) ?? `${reason}.`;
  return `Skipped: ${text}`;
}
