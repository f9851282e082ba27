import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { encodingArtifacts } from "./encoding-artifacts.ts";

describe("encoding-artifacts", () => {
  it("flags percent codes, double encoding, plus signs, entities and mojibake, one per value", () => {
    const result = runOn(encodingArtifacts, [
      utmRow("newsletter", "email", "spring%20sale", 40),
      utmRow("newsletter", "email", "spring%2520sale", 30),
      utmRow("newsletter", "email", "summer+sale+2025", 20),
      utmRow("newsletter", "email", "fathers_day", 10, {
        sessionManualAdContent: "shoes &amp; bags",
      }),
      utmRow("newsletter", "email", "caf\u00c3\u00a9_week", 10),
      utmRow("newsletter", "email", "mother\u00e2\u20ac\u2122s_day", 10),
      utmRow("newsletter", "email", "price%3Dlow", 10),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "campaign:caf\u00c3\u00a9_week",
      "campaign:mother\u00e2\u20ac\u2122s_day",
      "campaign:price%3Dlow",
      "campaign:spring%20sale",
      "campaign:spring%2520sale",
      "campaign:summer+sale+2025",
      "content:shoes &amp; bags",
    ]);
    const double = result.findings.find((f) => f.key === "campaign:spring%2520sale");
    expect(double?.title).toBe('utm_campaign "spring%2520sale" has double percent-encoding');
    expect(double?.values).toEqual(["spring%2520sale"]);
    expect(double?.affectedSessions).toBe(30);
  });

  it("finds mojibake from Cyrillic and Polish text read with the wrong character set", () => {
    const result = runOn(encodingArtifacts, [
      utmRow("vk", "cpc", "\u00d0\u00bf\u00d1\u0080\u00d0\u00be\u00d0\u00bc\u00d0\u00be", 5),
      utmRow("wykop", "cpc", "promocja_\u00c5\u201a\u00c3\u00b3d\u00c5\u00ba", 5),
      utmRow("newsletter", "email", "bad\ufffdbyte", 5),
    ]);
    expect(result.findings).toHaveLength(3);
  });

  it("raises to critical when decoding the value changes the channel", () => {
    const result = runOn(encodingArtifacts, [
      utmRow("community", "social%2520media", "launch", 70),
    ]);
    expect(findingKeys(result)).toEqual(["medium:social%2520media"]);
    expect(result.findings[0]?.severity).toBe("critical");
    expect(result.severity).toBe("critical");
  });

  it("passes real names that only look encoded, and macros left to unreplaced-macro", () => {
    const result = runOn(encodingArtifacts, [
      utmRow("google+", "social", "50%OFF", 10),
      utmRow("disney+", "paid_video", "100%EFFECTIVE", 10),
      utmRow("c++_weekly", "newsletter", "A+B_test", 10),
      utmRow("h&m", "affiliate", "shoes & bags", 10),
      utmRow("newsletter", "email", "caf\u00e9_paris", 10),
      utmRow("newsletter", "email", "JOS\u00c9\u2019S_PICKS", 10),
      utmRow("newsletter", "email", "S\u00c3O_PAULO", 10),
      utmRow("newsletter", "email", "%%emailname_%%", 10),
      utmRow("criteo", "display", "%ecid!", 10),
      utmRow("google", "cpc", "%7Bcampaignid%7D", 10),
      utmRow("(direct)", "(none)", "(not set)", 10),
    ]);
    expect(result.findings.map((f) => f.values[0])).toEqual([]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(encodingArtifacts, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });
});
