// Detects tagged traffic (a utm_source or utm_campaign) that carries no utm_medium. Most of GA4's
// channel rules read the medium, so these sessions report a medium of "(not set)" and usually
// fall into Unassigned instead of Email, Paid Social or the channel they belong to.
import { defineCheck } from "../core/check.ts";
import { type PendingFinding, PendingFindings } from "../core/findings.ts";
import type { Dimension } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  clickIdHints,
  decodeParam,
  hasGoogleClickId,
  keyPart,
  landingParams,
} from "../rules/tagging.ts";
import { GLANCE, glancedParam, landingGlances } from "../rules/urls.ts";
import { hasUserValueAt, userValueColumn } from "../rules/values-extra.ts";

const MEDIUM_DIMENSIONS: readonly Dimension[] = ["sessionManualMedium", "sessionMedium"];

/**
 * Sources that add utm_source to outbound links on their own (ChatGPT writes
 * utm_source=chatgpt.com): the site owner cannot add a medium to those links.
 */
const SELF_TAGGING_SOURCES = new Set(["chatgpt.com", "chat.openai.com"]);

export const missingUtmMedium = defineCheck({
  id: "missing-utm-medium",
  title: "Campaign links without utm_medium",
  severity: "critical",
  description:
    "Sessions carry a utm_source or utm_campaign but no utm_medium, so GA4 cannot place them in a channel.",
  guide: {
    whyItMatters:
      "GA4's default channel group is decided mainly by the medium: email, cpc, paid_social, affiliate, referral. Without utm_medium the medium is (not set), almost no channel rule can match, and the sessions end up in Unassigned, missing from the Email, Paid Social or Affiliates totals you report on and from any comparison by channel.",
    howToFix:
      "Add utm_medium to every tagged link, with a value GA4 recognises: email for newsletters, cpc for paid search, paid_social for paid social ads, social for organic posts, affiliate for partners, display for banners. Fix it where the link is generated (the email tool's UTM settings, the ad platform's URL template or tracking template, your link-builder sheet) so new links are complete.",
    exampleWrong: "https://www.example.com/spring?utm_source=newsletter&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualSource", "sessionManualCampaignName", "landingPagePlusQueryString"]],
  skipUnless(data) {
    // Without a medium dimension, a missing medium can only be read from the landing URL.
    if (data.has("landingPagePlusQueryString")) return undefined;
    return MEDIUM_DIMENSIONS.some((dimension) => data.has(dimension))
      ? undefined
      : "needs sessionManualMedium or sessionMedium";
  },
  run(data, findings) {
    const firstId = data.firstId;
    // Each row's mediums, source and campaign by value id, each value judged once (no column for
    // a dimension no view has). A medium in any traffic dimension (a UTM, or auto-tagging's cpc)
    // means GA4 had one.
    const mediumDimensions = MEDIUM_DIMENSIONS.filter((dimension) => data.has(dimension));
    const firstMedium = mediumDimensions[0]
      ? userValueColumn(data, mediumDimensions[0])
      : undefined;
    const secondMedium = mediumDimensions[1]
      ? userValueColumn(data, mediumDimensions[1])
      : undefined;
    const sources = firstMedium ? userValueColumn(data, "sessionManualSource") : undefined;
    const campaigns = firstMedium ? userValueColumn(data, "sessionManualCampaignName") : undefined;
    // Each row's landing page glanced at once (shared with other checks), when this view has it.
    const landings = data.has("landingPagePlusQueryString")
      ? data.column("landingPagePlusQueryString")
      : undefined;
    const glances = landings?.data === data ? landingGlances(data) : undefined;
    const landingOfRow = landings?.valueOfRow;
    const mayCarryClickId = clickIdHints(data);
    // Each finding's row ids in row order and its first values, added by id once all are read
    // (a finding a row cost a lookup and a values list a row).
    const pending = new PendingFindings();
    const pendingOf = (key: string, title: string) => pending.of(key, title, "sessionManualMedium");
    /**
     * The finding a source or campaign text goes to, made once per text (at high cardinality
     * nearly every row is reported, and a key, a title and a lookup by a new key a row cost more
     * than reading the row); null when the row is not reported.
     */
    const bySource = new Map<string, PendingFinding | null>();
    const byCampaign = new Map<string, PendingFinding | null>();
    const sourceEntry = (source: string): PendingFinding | null => {
      let entry = bySource.get(source);
      if (entry === undefined) {
        const part = keyPart(source);
        entry = SELF_TAGGING_SOURCES.has(part)
          ? null
          : pendingOf(`source:${part}`, `Links from ${source} have no utm_medium`);
        bySource.set(source, entry);
      }
      return entry;
    };
    const campaignEntry = (campaign: string): PendingFinding => {
      let entry = byCampaign.get(campaign);
      if (!entry) {
        entry = pendingOf(
          `campaign:${keyPart(campaign)}`,
          `Campaign ${campaign} has no utm_medium`,
        );
        byCampaign.set(campaign, entry);
      }
      return entry;
    };
    /**
     * A row reported under its source (a user value), with the source and then its campaign as
     * the finding's first values; the campaign is asked for only while the finding takes values.
     */
    const reportSource = (r: number, source: string, campaignOf: (r: number) => string) => {
      const entry = sourceEntry(source);
      if (!entry) return;
      entry.ids.push(firstId + r);
      if (!entry.takesValues) return;
      entry.addValue(source);
      if (!entry.takesValues) return;
      const campaign = campaignOf(r);
      if (isUserValue(campaign)) entry.addValue(campaign);
    };
    /** A row without a source reported under its campaign, when that is a user value. */
    const reportCampaign = (r: number, campaign: string) => {
      if (!isUserValue(campaign)) return;
      const entry = campaignEntry(campaign);
      entry.ids.push(firstId + r);
      entry.addValue(campaign);
    };
    const rowCampaign = (r: number) => data.rowValue(r, "sessionManualCampaignName") ?? "";
    // The landing page's campaign, decoded and trimmed, of the row the loop is at: read only when
    // a finding takes it, from the glance or from the parameters parsed for the medium.
    let landing = "";
    let glance = -1;
    let params: ReadonlyMap<string, string> | undefined;
    const landingCampaign = () =>
      decodeParam(
        (params ? params.get("utm_campaign") : glancedParam(landing, glance, "utm_campaign")) ?? "",
      ).trim();

    for (let r = 0; r < data.rowCount; r++) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no dimension, no medium
      if (hasUserValueAt(firstMedium, r) || hasUserValueAt(secondMedium, r)) continue;
      // This view's landing column read by value id when there is one: no row object reached.
      const landingAt = glances && landingOfRow ? (landingOfRow[r] as number) : -2;
      const read =
        landingAt === -2
          ? data.rowValue(r, "landingPagePlusQueryString")
          : landingAt >= 0
            ? (landings?.values[landingAt] as string)
            : undefined;
      // Stryker disable next-line ConditionalExpression: a shortcut; without the hint, no click ID
      if (mayCarryClickId[r] === 1 && hasGoogleClickId(read as string)) continue;
      if (firstMedium && (hasUserValueAt(sources, r) || hasUserValueAt(campaigns, r))) {
        const source = data.rowValue(r, "sessionManualSource") ?? "";
        if (isUserValue(source)) reportSource(r, source, rowCampaign);
        else reportCampaign(r, data.rowValue(r, "sessionManualCampaignName") ?? "");
        continue;
      }
      if (read === undefined) continue;
      landing = read;
      // The parameters as written (first of each name, in any case), from the glance when it
      // can tell them without parsing the URL.
      glance = landingAt >= 0 && glances ? (glances[landingAt] as number) : -1;
      if (glance === 0) continue;
      let medium: string | undefined;
      let source: string | undefined;
      if (glance > 0 && (glance & GLANCE.irregular) === 0) {
        params = undefined;
        medium = glancedParam(landing, glance, "utm_medium");
        source = glancedParam(landing, glance, "utm_source");
      } else {
        params = landingParams(landing);
        medium = params.get("utm_medium");
        source = params.get("utm_source");
      }
      if (hasValue(medium)) continue;
      // A source that is a user value names the finding; else the campaign does, when it is one
      // (a blank or placeholder source and campaign: not reported).
      const sourceText = decodeParam(source ?? "").trim();
      if (isUserValue(sourceText)) reportSource(r, sourceText, landingCampaign);
      else reportCampaign(r, landingCampaign());
    }
    pending.addTo(findings);
  },
});

/** True when a landing URL's parameter is there and not blank once decoded. */
function hasValue(raw: string | undefined): boolean {
  return raw !== undefined && decodeParam(raw).trim() !== "";
}
