// Detects utm_medium=organic on a source that is not a search engine (facebook / organic,
// newsletter / organic). GA4 reserves "organic" for unpaid search: such links are counted as
// Organic Search or mixed into another channel, and search results look better than they are.
import { fieldValue } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { isSearchEngine, looksLikeHost, platformOf } from "../rules/platforms.ts";

interface Group {
  values: Set<string>;
  /** Row ids. */
  ids: number[];
  channels: Set<string>;
}

export const organicMediumMisuse = defineCheck({
  id: "organic-medium-misuse",
  title: "utm_medium=organic on sources that are not search engines",
  severity: "warning",
  description:
    'Sessions tagged with the medium "organic" whose source is not a search engine, such as facebook / organic or newsletter / organic.',
  guide: {
    whyItMatters:
      'In GA4 the medium "organic" means unpaid search results: the Organic Search channel takes any source with that medium. A newsletter or a partner link tagged organic is counted as search traffic, which inflates SEO results; a social post tagged organic lands in Organic Social only because the platform is on Google\'s social list, and still mixes with real search data in source / medium reports.',
    howToFix:
      "Keep organic for search engines, which GA4 records on its own: untagged search visits need no UTMs. For other links use the medium of the channel: social for unpaid social posts, email for newsletters, referral or affiliate for partner sites. Update the link templates or the social scheduling tool that adds the parameters.",
    exampleWrong:
      "https://www.example.com/?utm_source=instagram&utm_medium=organic&utm_campaign=summer_launch",
    exampleCorrect:
      "https://www.example.com/?utm_source=instagram&utm_medium=social&utm_campaign=summer_launch",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  requires: [
    ["sessionManualSource", "sessionSource"],
    ["sessionManualMedium", "sessionMedium"],
  ],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    const groups = new Map<string, Group>();
    // Read by value id over the medium column's rows: each source and channel is judged once.
    const mediums = data.column(dimension);
    const sources = data.columnBeside(mediums, data.utmField("source"));
    const channels = data.channelColumnBeside(mediums);
    const keyOf = sources.values.map((source): string | undefined => {
      if (!isUserValue(source) || isSearchEngine(source)) return undefined;
      // GA4 itself writes organic for engines it knows under their host names; an unknown host
      // may be one of them, so only names and hosts of known non-search platforms are judged.
      const key = source.trim().toLowerCase();
      return looksLikeHost(key) && !platformOf(source) ? undefined : key;
    });
    const { values, starts, ids, firstId } = mediums;
    for (let v = 0; v < values.length; v++) {
      const medium = values[v] as string;
      if (medium.trim().toLowerCase() !== "organic") continue;
      for (let i = starts[v] as number; i < (starts[v + 1] as number); i++) {
        const id = ids[i] as number;
        const source = sources.valueOfRow[id - firstId] as number;
        const key = source < 0 ? undefined : keyOf[source];
        if (key === undefined) continue;
        let group = groups.get(key);
        if (!group) {
          group = { values: new Set(), ids: [], channels: new Set() };
          groups.set(key, group);
        }
        group.values.add(sources.values[source] as string);
        group.values.add(medium);
        group.ids.push(id);
        const channel = channels.valueOfRow[id - firstId] as number;
        group.channels.add(channels.values[channel] as string);
      }
    }
    for (const [key, group] of groups) {
      findings.addIds(
        `source:${key}`,
        `${key} is ${fieldValue(dimension, "organic")}, which GA4 reserves for search (filed as ${[...group.channels].join(", ")})`,
        group.ids,
        0,
        group.ids.length,
        { values: group.values, field: dimension },
      );
    }
  },
});
