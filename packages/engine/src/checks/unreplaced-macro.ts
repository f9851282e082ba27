// Detects UTM values that are ad-platform or email-tool macros left unreplaced ({{campaign.name}},
// {keyword}, *|LIST:NAME|*, %%emailname%%, __CAMPAIGN_NAME__). The tool did not fill them in,
// so every campaign sent with that template is reported under the same meaningless name.
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  fieldTitle,
  findMacros,
  quote,
  userValuesByParam,
} from "../rules/hygiene.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];

export const unreplacedMacro = defineCheck({
  id: "unreplaced-macro",
  title: "Unreplaced macros in UTM values",
  severity: "critical",
  description:
    "UTM values contain a dynamic-parameter macro or merge tag ({{campaign.name}}, {keyword}, *|LIST:NAME|*) that the ad platform or email tool never filled in.",
  guide: {
    whyItMatters:
      "Macros such as {{campaign.name}} (Meta), {campaignid} or {keyword} (Google and Microsoft Ads), *|LIST:NAME|* (Mailchimp) or %%emailname_%% (Salesforce Marketing Cloud) are only filled in where the platform supports them: in the ad's URL parameters or tracking template, with the exact spelling the platform expects. Anywhere else they are sent literally, so every campaign, ad or email using that link lands in one campaign called {{campaign.name}} and cannot be told apart or tied to its spend.",
    howToFix:
      "Find the ads or email templates that use these links. Move the parameters into the field the platform processes (Meta: the ad's URL parameters field; Google and Microsoft Ads: the tracking template or final URL suffix; email tools: links inside the email content, where merge tags are processed), check the macro's spelling and case against the platform's list of supported macros, or write the real values in by hand. Then click a live ad or test email and confirm the landing URL shows real names.",
    exampleWrong:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign={{campaign.name}}&utm_content=[AD_NAME]",
    exampleCorrect:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025&utm_content=carousel_shoes",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      for (const stats of values) {
        const macros = findMacros(stats.value);
        if (macros.length === 0) continue;
        findings.addValue(
          `${param}:${stats.value}`,
          `${fieldTitle(dimension)} ${quote(stats.value)} holds the unreplaced macro${macros.length > 1 ? "s" : ""} ${macros.join(", ")}`,
          dimension,
          stats,
          { values: [stats.value], field: dimension },
        );
      }
    }
  },
});
