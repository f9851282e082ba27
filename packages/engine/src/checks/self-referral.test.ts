import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { selfReferral } from "./self-referral.ts";

function referral(source: string, sessions = 10, medium = "referral") {
  return { sessionSource: source, sessionMedium: medium, sessions };
}

describe("self-referral", () => {
  it("flags the site's own hosts and sub-domains as referral sources, one finding per host", () => {
    const result = runOn(selfReferral, [
      referral("www.example.com", 40),
      referral("WWW.Example.com", 5),
      referral("example.com", 15),
      referral("shop.example.com", 25),
      referral("news.ycombinator.com", 300),
      referral("google", 900, "organic"),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "host:example.com",
      "host:shop.example.com",
      "host:www.example.com",
    ]);
    expect(result.affectedSessions).toBe(85);
    const www = result.findings.find((f) => f.key === "host:www.example.com");
    expect(www?.values).toEqual(["www.example.com", "WWW.Example.com"]);
    expect(www?.affectedSessions).toBe(45);
    expect(result.findings.find((f) => f.key === "host:shop.example.com")?.title).toContain(
      "sub-domain",
    );
  });

  it("leaves own hosts used as utm_source in a tagged link to internal-utm-link", () => {
    const result = runOn(selfReferral, [
      {
        sessionSource: "www.example.com",
        sessionMedium: "referral",
        landingPagePlusQueryString: "/offer?utm_source=www.example.com&utm_medium=referral",
        sessions: 10,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("passes look-alike domains, other mediums and GA4 placeholders", () => {
    const result = runOn(selfReferral, [
      referral("example.org"),
      referral("myexample.com"),
      referral("example.com.evil.net"),
      referral("www.example.com", 10, "email"),
      referral("(direct)", 10, "(none)"),
      referral("(not set)", 10, "referral"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped when the site's hosts are unknown or the medium is missing", () => {
    const noHosts = runOn(selfReferral, [referral("www.example.com")], { siteHosts: [] });
    expect(noHosts.status).toBe("skipped");
    expect(noHosts.skippedReason).toBe("the site's own hosts are unknown");
    const noMedium = runOn(selfReferral, [{ sessionSource: "www.example.com", sessions: 3 }]);
    expect(noMedium.skippedReason).toBe("needs sessionMedium or sessionManualMedium");
  });
});
