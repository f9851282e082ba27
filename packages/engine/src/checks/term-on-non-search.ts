// Detects utm_term on traffic that is not search (a newsletter putting the subscriber segment in
// utm_term). Google defines utm_term as the paid keyword; other data there mixes with real
// keywords in term reports and usually belongs in utm_content or utm_campaign.
import { valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { isSearchEngine } from "../rules/platforms.ts";

/** Mediums of search ads (compared lower-cased); organic search is known by its source. */
const SEARCH_MEDIUMS: ReadonlySet<string> = new Set([
  "cpc",
  "ppc",
  "sem",
  "paid_search",
  "paid-search",
  "paid search",
  "paidsearch",
  "search",
]);

interface Group {
  source: string;
  medium: string;
  terms: Set<string>;
  ids: number[];
}

export const termOnNonSearch = defineCheck({
  id: "term-on-non-search",
  title: "utm_term used outside search",
  severity: "info",
  description:
    "Sessions with a utm_term whose source is not a search engine and whose medium is not a search medium (cpc, ppc), such as a newsletter carrying a subscriber segment in utm_term.",
  guide: {
    whyItMatters:
      "Google describes utm_term as the paid keyword, and GA4 reports it as Manual term next to the keywords of search campaigns. Segments, audiences or ad names stored there mix with real keywords, and the information is hard to find for anyone who looks for it in utm_content or the campaign name.",
    howToFix:
      "Keep utm_term for search keywords. Put the creative, link or segment in utm_content (utm_content=vip_segment) and the audience in the campaign name if it defines the campaign. Update the email or social tool's link template so every new link follows it.",
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_term=vip_subscribers",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=vip_subscribers",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  view: "details",
  requires: [
    "sessionManualTerm",
    ["sessionManualSource", "sessionSource"],
    ["sessionManualMedium", "sessionMedium"],
  ],
  run(data, findings) {
    const groups = new Map<string, Group>();
    // Each term's rows by id, their source and medium read by value id from the columns beside.
    const terms = data.column("sessionManualTerm");
    const sourceDimension = data.utmDimension("source");
    const mediumDimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires both
    if (!sourceDimension || !mediumDimension) return;
    const sources = data.columnBeside(terms, sourceDimension);
    const mediums = data.columnBeside(terms, mediumDimension);
    const { values, starts, ids, firstId } = terms;
    for (let v = 0; v < values.length; v++) {
      const term = values[v] as string;
      if (!isUserValue(term)) continue;
      const to = starts[v + 1] as number;
      for (let i = starts[v] as number; i < to; i++) {
        const id = ids[i] as number;
        const source = valueAt(sources, id - firstId);
        const medium = valueAt(mediums, id - firstId);
        if (!isUserValue(source) || !isUserValue(medium)) continue;
        const mediumKey = medium.trim().toLowerCase();
        if (SEARCH_MEDIUMS.has(mediumKey) || isSearchEngine(source)) continue;
        const key = `source:${source.trim().toLowerCase()}|medium:${mediumKey}`;
        let group = groups.get(key);
        if (!group) {
          group = { source, medium, terms: new Set(), ids: [] };
          groups.set(key, group);
        }
        group.terms.add(term);
        group.ids.push(id);
      }
    }
    for (const [key, group] of groups) {
      findings.addIds(
        key,
        `utm_term set on ${group.source} / ${group.medium}, which is not search traffic`,
        group.ids,
        0,
        group.ids.length,
        { values: group.terms, field: "sessionManualTerm" },
      );
    }
  },
});
