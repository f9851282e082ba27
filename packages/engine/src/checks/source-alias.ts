// Detects one platform tagged under several utm_source names (fb, facebook, facebook_ads,
// m.facebook.com; ig, insta, instagram; t.co, tw, twitter, x; li, linkedin). Each spelling is its own row in GA4, so the platform's
// traffic is split across reports, and some spellings miss GA4's channel source lists.
import { sourceCategory } from "../channels/channel-group.ts";
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { type Platform, pushTaggedIds, sourcePlatformOf } from "../rules/platforms.ts";

interface Group {
  platform: Platform;
  /** Lower-cased alias → the spellings seen. */
  aliases: Map<string, Set<string>>;
  /** The ids of the rows tagged with any of the aliases. */
  ids: number[];
}

export const sourceAlias = defineCheck({
  id: "source-alias",
  title: "One platform tagged under several source names",
  severity: "warning",
  description:
    "Campaign links name the same platform in utm_source with different aliases, such as fb, facebook and m.facebook.com, or twitter and x.",
  guide: {
    whyItMatters:
      "GA4 keeps every utm_source spelling as a separate value, so facebook, fb and facebook.com appear as three sources whose sessions and conversions must be added up by hand. Aliases also change the channel: GA4's source lists know facebook and fb but not meta, so meta / cpc is Paid Other instead of Paid Social. GA4's own referral values (l.facebook.com / referral) are not counted here.",
    howToFix:
      "Pick one name per platform, usually the plain lower-case one (facebook, instagram, twitter, linkedin), write it down in your naming convention and use it in every link template, including dynamic parameters such as {{site_source_name}}, which produces fb and ig. Past data can be merged with a custom channel group or a report filter.",
    exampleWrong:
      "?utm_source=fb&utm_medium=paid_social on ads, ?utm_source=facebook.com&utm_medium=social on posts",
    exampleCorrect:
      "?utm_source=facebook&utm_medium=paid_social on ads, ?utm_source=facebook&utm_medium=social on posts",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualSource", "sessionSource"]],
  run(data, findings) {
    const dimension = data.utmDimension("source");
    // Stryker disable next-line ConditionalExpression: requires a source dimension
    if (!dimension) return;
    const groups = new Map<string, Group>();
    // Each value's tagged rows by their ids in the column: no row object is reached.
    const column = data.column(dimension);
    for (let v = 0; v < column.values.length; v++) {
      const source = column.values[v] as string;
      const platform = sourcePlatformOf(source);
      if (!platform) continue;
      let group = groups.get(platform.name);
      if (!group) {
        group = { platform, aliases: new Map(), ids: [] };
        groups.set(platform.name, group);
      }
      // A value with no tagged row is no alias (the group of none is never reported).
      if (pushTaggedIds(data, v, group.ids) === 0) continue;
      const alias = source.trim().toLowerCase();
      let spellings = group.aliases.get(alias);
      if (!spellings) {
        spellings = new Set();
        group.aliases.set(alias, spellings);
      }
      spellings.add(source);
    }
    for (const [name, group] of groups) {
      // Spellings that differ only in case are reported by the case checks, not here.
      if (group.aliases.size < 2) continue;
      const values = [...group.aliases.values()].flatMap((spellings) => [...spellings]);
      const unlisted = [...group.aliases.keys()].filter((alias) => !sourceCategory(alias));
      const note =
        unlisted.length > 0 && unlisted.length < group.aliases.size
          ? ` (not on GA4's channel source list: ${unlisted.join(", ")})`
          : "";
      findings.addIds(
        `platform:${name}`,
        `${name} is tagged under ${group.aliases.size} ${fieldTitle(dimension)} names: ${values.join(", ")}${note}`,
        group.ids,
        0,
        group.ids.length,
        { values, field: dimension },
      );
    }
  },
});
