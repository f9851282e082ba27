import { describe, expect, it } from "vitest";
import { direct, googleAds, injected, manualValues, tagged } from "./traffic.ts";

describe("manualValues", () => {
  it("reads the UTM parameters GA4 reads, decoded once", () => {
    expect(
      manualValues(
        "utm_source=newsletter&utm_medium=email&utm_campaign=spring%2520sale&utm_term=red+shoes&utm_content=a%40b.com&utm_id=cmp_7",
      ),
    ).toEqual({
      source: "newsletter",
      medium: "email",
      campaignName: "spring%20sale",
      campaignId: "cmp_7",
      term: "red shoes",
      adContent: "a@b.com",
    });
  });

  it("writes (not set) for a missing, empty or misspelled parameter and keeps the first of two", () => {
    expect(
      manualValues("utm_soruce=pinterest&utm_medium=social&utm_medium=email&utm_campaign="),
    ).toEqual({
      source: "(not set)",
      medium: "social",
      campaignName: "(not set)",
      campaignId: "(not set)",
      term: "(not set)",
      adContent: "(not set)",
    });
  });

  it("keeps what a second question mark swallowed in the value", () => {
    expect(manualValues("utm_source=facebook?utm_medium=cpc").source).toBe(
      "facebook?utm_medium=cpc",
    );
  });
});

describe("templates", () => {
  it("fills the session dimensions from the UTMs of a tagged link", () => {
    const template = tagged({
      share: 1,
      landing: "/",
      query: "utm_medium=email&utm_campaign=spring",
      channel: "Email",
    });
    expect(template).toMatchObject({
      source: "(not set)",
      medium: "email",
      campaignName: "spring",
      manual: { source: "(not set)", medium: "email", campaignName: "spring" },
    });
  });

  it("keeps Google Ads' values over the UTMs of an auto-tagged click", () => {
    const template = googleAds({
      share: 1,
      landing: "/",
      query: "utm_source=newsletter&utm_medium=email",
      campaign: "brand",
      campaignId: "123",
      channel: "Paid Search",
    });
    expect(template).toMatchObject({
      source: "google",
      medium: "cpc",
      campaignName: "brand",
      clickId: "gclid",
      manual: { source: "newsletter", medium: "email" },
    });
  });

  it("refuses a tagged link without UTMs, and untagged traffic with them", () => {
    expect(() => tagged({ share: 1, landing: "/", query: "ref=abc", channel: "Direct" })).toThrow(
      RangeError,
    );
    expect(() => direct({ share: 1, landing: "/", query: "utm_medium=email" })).toThrow(RangeError);
  });

  it("marks injected traffic to show every day, with what the engine must report", () => {
    const template = injected(direct({ share: 1, landing: "/" }), "why", {
      checkId: "a-check",
      values: ["x"],
    });
    expect(template.everyDay).toBe(true);
    expect(template.expect).toEqual([{ checkId: "a-check", values: ["x"], description: "why" }]);
  });
});
