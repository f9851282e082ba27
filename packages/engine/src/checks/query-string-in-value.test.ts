import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { queryStringInValue } from "./query-string-in-value.ts";

describe("query-string-in-value", () => {
  it("flags values that swallowed other parameters, a second query string or a fragment", () => {
    const result = runOn(queryStringInValue, [
      utmRow("utm_source=google&utm_medium=cpc", "(not set)", "(not set)", 90),
      utmRow("newsletter", "email", "sale?utm_medium=email", 60),
      utmRow("newsletter", "email", "spring_sale&utm_content=hero", 40),
      utmRow("facebook", "paid_social", "summer_sale?fbclid=IwAR2x", 30),
      utmRow("newsletter", "email", "black_friday#pricing", 20),
      utmRow("partner", "affiliate", "deal", 10, { sessionManualAdContent: "banner?ref=home" }),
      utmRow("partner", "affiliate", "deal", 10, { sessionManualTerm: "size=large" }),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "campaign:black_friday#pricing",
      "campaign:sale?utm_medium=email",
      "campaign:spring_sale&utm_content=hero",
      "campaign:summer_sale?fbclid=IwAR2x",
      "content:banner?ref=home",
      "source:utm_source=google&utm_medium=cpc",
      "term:size=large",
    ]);
    const source = result.findings.find((f) => f.key.startsWith("source:"));
    expect(source?.title).toBe(
      'utm_source "utm_source=google&utm_medium=cpc" contains the parameters utm_source, utm_medium',
    );
    expect(source?.values).toEqual(["utm_source=google&utm_medium=cpc"]);
    expect(source?.affectedSessions).toBe(90);
    expect(result.severity).toBe("critical");
  });

  it("flags a second question mark glued to the value", () => {
    const result = runOn(queryStringInValue, [utmRow("newsletter?utm_medium", "email", "x", 5)]);
    expect(findingKeys(result)).toEqual(["source:newsletter?utm_medium"]);
  });

  it("passes names with ampersands, questions, hashtags, C# and placeholders", () => {
    const result = runOn(queryStringInValue, [
      utmRow("h&m", "affiliate", "Shoes & Bags", 10),
      utmRow("AT&T", "referral", "Why wait?", 10),
      utmRow("instagram", "social", "#blackfriday", 10),
      utmRow("newsletter", "email", "learn_c#_online", 10),
      utmRow("newsletter", "email", "top #1 deals", 10),
      utmRow("newsletter", "email", "utm_campaign", 10),
      utmRow("partner", "affiliate", "deal", 10, { sessionManualCampaignId: "YWJjZA==" }),
      utmRow("newsletter", "email", "%%=RedirectTo(@url)=%%", 10),
      utmRow("(direct)", "(none)", "(not set)", 10),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(queryStringInValue, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });

  it("names the swallowed parameters, trimmed and in lower case, one or several", () => {
    const titles = runOn(queryStringInValue, [
      utmRow("newsletter", "email", "spring_sale?UTM_CONTENT =hero", 30),
      utmRow("newsletter", "email", "summer_sale&utm_content=hero&gclid=abc", 20),
    ]).findings.map((finding) => finding.title);
    expect(titles).toEqual([
      'utm_campaign "spring_sale?UTM_CONTENT =hero" contains the parameter utm_content',
      'utm_campaign "summer_sale&utm_content=hero&gclid=abc" contains the parameters utm_content, gclid',
    ]);
  });
});
