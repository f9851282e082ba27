import { describe, expect, it } from "vitest";
import { explainChannel, isPaidMedium, predictChannel, sourceCategory } from "./channel-group.ts";

describe("predictChannel: the worked examples of ga4-protocol.md §5.3", () => {
  it.each([
    ["google", "cpc", "", "Paid Search"],
    ["facebook", "paid_social", "", "Paid Social"],
    ["facebook", "social", "", "Organic Social"],
    ["Facebook", "Social", "", "Organic Social"],
    ["tiktok", "cpm", "", "Paid Social"],
    ["somesite", "cpm", "", "Display"],
    ["newsletter", "cpc", "spring-shop", "Paid Shopping"],
    ["newsletter", "cpc", "eshop", "Paid Shopping"],
    ["newsletter", "cpc", "workshop", "Paid Other"],
    ["newsletter", "email", "", "Email"],
    ["partner", "affiliate", "", "Affiliates"],
    ["partner", "affiliates", "", "Unassigned"],
    ["example.com", "referral", "", "Referral"],
    ["bing", "organic", "", "Organic Search"],
    ["instagram", "story", "", "Organic Social"],
    ["foo", "bar", "", "Unassigned"],
    ["(direct)", "(none)", "", "Direct"],
    ["(direct)", "(not set)", "", "Direct"],
    ["anything", "anything", "Brand cross-network", "Cross-network"],
  ])("%s / %s (campaign %j) is %s", (source, medium, campaign, channel) => {
    expect(predictChannel({ source, medium, campaign })).toBe(channel);
  });
});

describe("predictChannel: each rule", () => {
  it.each([
    ["youtube", "cpv", "", "Paid Video"],
    ["youtube", "organic-video", "", "Organic Video"],
    ["partner", "video", "", "Organic Video"],
    ["amazon", "paid", "", "Paid Shopping"],
    ["amazon", "referral", "", "Organic Shopping"],
    ["x", "banner", "", "Display"],
    ["x", "retargeting", "", "Paid Other"],
    ["x", "social-media", "", "Organic Social"],
    ["x", "app", "", "Referral"],
    ["x", "link", "", "Referral"],
    ["mailchimp", "e-mail", "", "Email"],
    ["weekly_email", "newsletter", "", "Email"],
    ["x", "audio", "", "Audio"],
    ["sms", "text", "", "SMS"],
    ["x", "sms", "", "SMS"],
    ["x", "web-push", "", "Mobile Push Notifications"],
    ["x", "mobile", "", "Mobile Push Notifications"],
    ["firebase", "x", "", "Mobile Push Notifications"],
    ["(direct)", "referral", "", "Referral"],
  ])("%s / %s (campaign %j) is %s", (source, medium, campaign, channel) => {
    expect(predictChannel({ source, medium, campaign })).toBe(channel);
  });

  it("knows Google's source categories, case-insensitively", () => {
    expect(sourceCategory("Google")).toBe("search");
    expect(sourceCategory("l.facebook.com")).toBe("social");
    expect(sourceCategory("youtube.com")).toBe("video");
    expect(sourceCategory("Google Shopping")).toBe("shopping");
    expect(sourceCategory("example.com")).toBeUndefined();
  });

  it("reads the paid medium regex as a full match", () => {
    expect(isPaidMedium("cpc")).toBe(true);
    expect(isPaidMedium("paid-social")).toBe(true);
    expect(isPaidMedium("ppc")).toBe(true);
    expect(isPaidMedium("social-paid")).toBe(false);
    expect(isPaidMedium("pay-per-click")).toBe(false);
  });
});

describe("explainChannel", () => {
  it.each([
    [
      { source: "google", medium: "cpc" },
      "Paid Search",
      "'google' is on GA4's list of search sites and the medium 'cpc' matches GA4's paid medium pattern",
    ],
    [{ source: "newsletter", medium: "email" }, "Email", "The source or medium is email"],
    [
      { source: "flyer", medium: "qr" },
      "Unassigned",
      "No GA4 channel rule matches the medium 'qr'",
    ],
    [
      { source: "facebook", medium: "social" },
      "Organic Social",
      "'facebook' is on GA4's list of social sites",
    ],
  ])("%j is %s, and says why", (input, channel, why) => {
    const prediction = explainChannel(input);
    expect(prediction.channel).toBe(channel);
    expect(prediction.channel).toBe(predictChannel(input));
    expect(prediction.why).toContain(why);
  });
});
