// Detects utm_source and utm_medium written the wrong way round (source=cpc & medium=google,
// source=email & medium=mailchimp). GA4's channel rules then find neither a known source nor a
// known medium, and paid, email and social traffic falls into Unassigned.
import { valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { isChannelTypeWord, platformOf } from "../rules/platforms.ts";

interface Pair {
  source: string;
  medium: string;
  values: Set<string>;
  ids: number[];
}

export const sourceMediumSwapped = defineCheck({
  id: "source-medium-swapped",
  title: "utm_source and utm_medium swapped",
  severity: "warning",
  description:
    "Sessions whose utm_source holds a channel type (cpc, email, social) while utm_medium holds a platform (google, mailchimp, facebook).",
  guide: {
    whyItMatters:
      'GA4 reads the source for the sender and the medium for the kind of traffic. Swapped, "cpc / google" matches no channel rule: the ad clicks are not Paid Search, the newsletter is not Email, and the sessions usually land in Unassigned, where no channel report shows them.',
    howToFix:
      "Swap the two values in the link template: the platform or sender goes in utm_source (google, facebook, mailchimp), the channel type in utm_medium (cpc, social, email). Templates in ad accounts and email tools are reused for every new link, so fix them at the source.",
    exampleWrong:
      "https://www.example.com/?utm_source=cpc&utm_medium=google&utm_campaign=brand_search",
    exampleCorrect:
      "https://www.example.com/?utm_source=google&utm_medium=cpc&utm_campaign=brand_search",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [
    ["sessionManualSource", "sessionSource"],
    ["sessionManualMedium", "sessionMedium"],
  ],
  run(data, findings) {
    const dimension = data.utmDimension("source");
    // Stryker disable next-line ConditionalExpression: requires a source dimension
    if (!dimension) return;
    const pairs = new Map<string, Pair>();
    // Each row's medium read by value id beside the sources, not from the row objects.
    const column = data.column(dimension);
    const mediumDimension = data.utmDimension("medium");
    const mediums = mediumDimension ? data.columnBeside(column, mediumDimension) : undefined;
    for (const [source, stats] of data.values(dimension)) {
      if (!isChannelTypeWord(source)) continue;
      for (const id of data.idsOfStats(dimension, stats)) {
        const medium = mediums ? valueAt(mediums, id - column.firstId) : undefined;
        // "x" alone is too short to read as the platform X.
        if (!isUserValue(medium) || medium.trim().length < 2 || !platformOf(medium)) continue;
        const key = `${source.trim().toLowerCase()}|${medium.trim().toLowerCase()}`;
        let pair = pairs.get(key);
        if (!pair) {
          pair = { source, medium, values: new Set(), ids: [] };
          pairs.set(key, pair);
        }
        pair.values.add(source);
        pair.values.add(medium);
        pair.ids.push(id);
      }
    }
    for (const [key, pair] of pairs) {
      findings.addIds(
        `pair:${key}`,
        `Source and medium swapped: "${pair.source} / ${pair.medium}" should read "${pair.medium} / ${pair.source}"`,
        pair.ids,
        0,
        pair.ids.length,
        { values: pair.values, field: dimension },
      );
    }
  },
});
