// Detects tagged traffic (a utm_source or utm_campaign) that carries no utm_medium. Most of GA4's
// channel rules read the medium, so these sessions report a medium of "(not set)" and usually
// fall into Unassigned instead of Email, Paid Social or the channel they belong to.
import { defineCheck } from "../core/check.ts";
import { VALUES_PER_FINDING } from "../core/findings.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  clickIdHints,
  decodeParam,
  hasGoogleClickId,
  keyPart,
  landingParams,
} from "../rules/tagging.ts";
import { GLANCE, glancedParam, landingGlances } from "../rules/urls.ts";

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
    const rows = data.rows;
    // Each row's mediums, source and campaign by value id, each value judged once.
    const userValuesOf = (dimension: Dimension) => {
      const column = data.ownColumn(dimension);
      return { ofRow: column.valueOfRow, user: column.values.map((value) => isUserValue(value)) };
    };
    const mediumColumns = MEDIUM_DIMENSIONS.filter((dimension) => data.has(dimension)).map(
      userValuesOf,
    );
    // A medium in any traffic dimension (a UTM, or auto-tagging's cpc) means GA4 had one.
    const hasMedium = (r: number) =>
      mediumColumns.some(({ ofRow, user }) => {
        const value = ofRow[r] as number;
        return value >= 0 && (user[value] as boolean);
      });
    const sources = userValuesOf("sessionManualSource");
    const campaigns = userValuesOf("sessionManualCampaignName");
    const userValueAt = ({ ofRow, user }: typeof sources, r: number) => {
      const value = ofRow[r] as number;
      return value >= 0 && (user[value] as boolean);
    };
    // Each row's landing page glanced at once (shared with other checks), when this view has it.
    const landings = data.has("landingPagePlusQueryString")
      ? data.column("landingPagePlusQueryString")
      : undefined;
    const glances = landings?.rows === rows ? landingGlances(data) : undefined;
    const landingOfRow = landings?.valueOfRow;
    const mayCarryClickId = clickIdHints(data);
    // Each finding's row ids in row order and its first values, added by id once all are read
    // (a finding a row cost a lookup and a values list a row).
    const pending = new Map<string, Pending>();
    /**
     * The finding a source or campaign text goes to, made once per text (at high cardinality
     * nearly every row is reported, and a key, a title and a lookup by a new key a row cost more
     * than reading the row); null when the row is not reported.
     */
    const bySource = new Map<string, Pending | null>();
    const byCampaign = new Map<string, Pending | null>();
    const pendingOf = (key: string, title: string): Pending => {
      let entry = pending.get(key);
      if (!entry) {
        entry = { title, ids: [], values: new Set() };
        pending.set(key, entry);
      }
      return entry;
    };
    const report = (r: number, source: string, campaign: string) => {
      let entry: Pending | null | undefined;
      const user = isUserValue(source);
      if (user) {
        entry = bySource.get(source);
        if (entry === undefined) {
          const part = keyPart(source);
          entry = SELF_TAGGING_SOURCES.has(part)
            ? null
            : pendingOf(`source:${part}`, `Links from ${source} have no utm_medium`);
          bySource.set(source, entry);
        }
      } else if (isUserValue(campaign)) {
        entry = byCampaign.get(campaign);
        if (entry === undefined) {
          entry = pendingOf(
            `campaign:${keyPart(campaign)}`,
            `Campaign ${campaign} has no utm_medium`,
          );
          byCampaign.set(campaign, entry);
        }
      }
      if (!entry) return;
      entry.ids.push(data.firstId + r);
      // The source (when set) and the campaign (when set), as the finding's first values.
      if (entry.values.size >= VALUES_PER_FINDING) return;
      if (user) entry.values.add(source);
      if (entry.values.size < VALUES_PER_FINDING && isUserValue(campaign)) {
        entry.values.add(campaign);
      }
    };

    for (let r = 0; r < rows.length; r++) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no dimension, no medium
      if (mediumColumns.length > 0 && hasMedium(r)) continue;
      const row = rows[r] as AggregatedRow;
      // This view's landing column read by value id when there is one: no row object reached.
      const landing =
        glances && landings && landingOfRow
          ? landings.values[landingOfRow[r] as number]
          : row.values.landingPagePlusQueryString;
      // Stryker disable next-line ConditionalExpression: a shortcut; without the hint, no click ID
      if (mayCarryClickId[r] === 1 && hasGoogleClickId(landing as string)) continue;
      if (mediumColumns.length > 0 && (userValueAt(sources, r) || userValueAt(campaigns, r))) {
        report(r, row.values.sessionManualSource ?? "", row.values.sessionManualCampaignName ?? "");
        continue;
      }
      if (landing === undefined) continue;
      // The parameters as written (first of each name, in any case), from the glance when it
      // can tell them without parsing the URL.
      let medium: string | undefined;
      let source: string | undefined;
      let campaign: string | undefined;
      const glance = glances && landingOfRow ? (glances[landingOfRow[r] as number] as number) : -1;
      if (glance === 0) continue;
      if (glance > 0 && (glance & GLANCE.irregular) === 0) {
        medium = glancedParam(landing, glance, "utm_medium");
        source = glancedParam(landing, glance, "utm_source");
        campaign = glancedParam(landing, glance, "utm_campaign");
      } else {
        const params = landingParams(landing);
        medium = params.get("utm_medium");
        source = params.get("utm_source");
        campaign = params.get("utm_campaign");
      }
      if (hasValue(medium)) continue;
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (!hasValue(source) && !hasValue(campaign)) continue;
      report(r, decodeParam(source ?? "").trim(), decodeParam(campaign ?? "").trim());
    }
    for (const [key, { title, ids, values }] of pending) {
      findings.addIds(key, title, ids, 0, ids.length, {
        values,
        field: "sessionManualMedium",
      });
    }
  },
});

/** A finding's title, its row ids in row order and its first values, added once all are read. */
interface Pending {
  title: string;
  ids: number[];
  values: Set<string>;
}

/** True when a landing URL's parameter is there and not blank once decoded. */
function hasValue(raw: string | undefined): boolean {
  return raw !== undefined && decodeParam(raw).trim() !== "";
}
