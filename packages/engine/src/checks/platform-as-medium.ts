// Detects a platform name used as utm_medium (medium=facebook, google, mailchimp). The medium is
// what GA4's channel rules read to tell paid from organic, email from social; a platform there
// matches no rule, so the sessions land in the wrong channel or in Unassigned.
import { fieldTitle, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { isChannelTypeWord, type Platform, platformOf } from "../rules/platforms.ts";

interface Group {
  platform: Platform;
  spellings: Set<string>;
  ids: number[];
}

export const platformAsMedium = defineCheck({
  id: "platform-as-medium",
  title: "Platform names used as utm_medium",
  severity: "warning",
  description:
    "Sessions whose utm_medium names a platform (facebook, google, instagram, mailchimp) instead of a channel type such as cpc, social or email.",
  guide: {
    whyItMatters:
      "GA4 builds its default channels from the medium: cpc or paid_social for ads, social for organic posts, email for newsletters. A platform name in the medium matches none of those rules, so ads are not counted as paid, newsletters not as Email, and the sessions scatter into Organic Social or Unassigned. The platform itself is lost for the source, which then carries a vaguer value.",
    howToFix:
      "Put the platform in utm_source and the kind of traffic in utm_medium: cpc or paid_social for ads, social for unpaid posts, email for newsletters, display for banners. Fix the URL templates in the ad platform or email tool so new links follow the pattern; GA4 cannot rewrite sessions already recorded.",
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=mailchimp&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=mailchimp&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  requires: [["sessionManualMedium", "sessionMedium"]],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    const groups = new Map<string, Group>();
    // Each row's source read by value id beside the mediums, not from the row objects.
    const column = data.column(dimension);
    const sourceDimension = data.utmDimension("source");
    const sources = sourceDimension ? data.columnBeside(column, sourceDimension) : undefined;
    for (const [medium, stats] of data.values(dimension)) {
      // Stryker disable next-line ConditionalExpression: placeholders name no platform
      if (!isUserValue(medium)) continue;
      const key = medium.trim().toLowerCase();
      // Single-letter names ("x") are too ambiguous to call a platform in a medium.
      if (key.length < 2) continue;
      const platform = platformOf(medium);
      if (!platform || platform.placement) continue;
      // A channel word in the source means the two were swapped: source-medium-swapped reports it.
      const ids = data.idsOfStats(dimension, stats).filter((id) => {
        const source = sources ? valueAt(sources, id - column.firstId) : undefined;
        return source === undefined || !isChannelTypeWord(source);
      });
      if (ids.length === 0) continue;
      let group = groups.get(key);
      if (!group) {
        group = { platform, spellings: new Set(), ids: [] };
        groups.set(key, group);
      }
      group.spellings.add(medium);
      for (const id of ids) group.ids.push(id);
    }
    for (const [key, group] of groups) {
      const shown = [...group.spellings].join(", ");
      findings.addIds(
        `medium:${key}`,
        `${fieldTitle(dimension)} "${shown}" names the platform ${group.platform.name}, not a channel type`,
        group.ids,
        0,
        group.ids.length,
        { values: group.spellings, field: dimension },
      );
    }
  },
});
