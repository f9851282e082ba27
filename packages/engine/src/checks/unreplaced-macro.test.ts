import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { unreplacedMacro } from "./unreplaced-macro.ts";

// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of a Xandr macro.
const XANDR_MACRO = "${CREATIVE_ID}";

describe("unreplaced-macro", () => {
  it("flags ad-platform and email-tool macros, one finding per value", () => {
    const result = runOn(unreplacedMacro, [
      utmRow("facebook", "paid_social", "{{campaign.name}}", 300),
      utmRow("{{site_source_name}}", "paid_social", "spring_sale", 120),
      utmRow("google", "cpc", "brand_{campaignid}", 80, { sessionManualTerm: "{keyword}" }),
      utmRow("mailchimp", "email", "*|LIST:NAME|*", 50),
      utmRow("sfmc", "email", "%%emailname_%%", 40),
      utmRow("tiktok", "paid_social", "__CAMPAIGN_NAME__", 30),
      utmRow("xandr", "display", "spring_sale", 20, { sessionManualAdContent: XANDR_MACRO }),
      utmRow("partner", "affiliate", "[CAMPAIGN_NAME]", 10),
      utmRow("cm360", "display", "%ecid!", 10),
      utmRow("google", "cpc", "%7Bcampaignid%7D", 10),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "campaign:%%emailname_%%",
      "campaign:%7Bcampaignid%7D",
      "campaign:%ecid!",
      "campaign:*|LIST:NAME|*",
      "campaign:[CAMPAIGN_NAME]",
      "campaign:__CAMPAIGN_NAME__",
      "campaign:brand_{campaignid}",
      "campaign:{{campaign.name}}",
      `content:${XANDR_MACRO}`,
      "source:{{site_source_name}}",
      "term:{keyword}",
    ]);
    const meta = result.findings.find((f) => f.key === "campaign:{{campaign.name}}");
    expect(meta?.title).toBe(
      'utm_campaign "{{campaign.name}}" holds the unreplaced macro {{campaign.name}}',
    );
    expect(meta?.values).toEqual(["{{campaign.name}}"]);
    expect(meta?.affectedSessions).toBe(300);
    expect(result.affectedSessions).toBe(670);
  });

  it("passes brackets, braces and pipes that are not macros", () => {
    const result = runOn(unreplacedMacro, [
      utmRow("(direct)", "(none)", "(not set)", 10),
      utmRow("newsletter", "email", "spring [test]", 10),
      utmRow("google", "cpc", "[BRAND] Search | UK", 10),
      utmRow("google", "cpc", "[UK_EN] Generic", 10),
      utmRow("newsletter", "email", "summer_sale__v2", 10),
      utmRow("newsletter", "email", "50%% off", 10),
      utmRow("newsletter", "email", "{ spring sale }", 10),
      utmRow("newsletter", "email", "__init__", 10),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(unreplacedMacro, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });

  it("names one macro, or several joined by commas", () => {
    const titles = runOn(unreplacedMacro, [
      utmRow("facebook", "paid_social", "{{campaign.name}}", 30),
      utmRow("facebook", "paid_social", "{{adset.name}}_{{ad.name}}", 20),
    ]).findings.map((finding) => finding.title);
    expect(titles).toEqual([
      'utm_campaign "{{campaign.name}}" holds the unreplaced macro {{campaign.name}}',
      'utm_campaign "{{adset.name}}_{{ad.name}}" holds the unreplaced macros {{adset.name}}, {{ad.name}}',
    ]);
  });
});
