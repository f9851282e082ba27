import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { untaggedEmailTraffic } from "./untagged-email-traffic.ts";

describe("untagged-email-traffic", () => {
  it("flags webmail and email-service referrals, one finding per host family", () => {
    const result = runOn(untaggedEmailTraffic, [
      utmRow("mail.google.com", "referral", "(referral)", 140),
      utmRow("com.google.android.gm", "referral", "(referral)", 20),
      utmRow("outlook.live.com", "referral", "(referral)", 60),
      utmRow("outlook.office365.com", "referral", "(referral)", 15),
      utmRow("us5.campaign-archive.com", "referral", "(referral)", 12),
      utmRow("mailchi.mp", "referral", "(referral)", 8),
      utmRow("u1234.ct.sendgrid.net", "referral", "(referral)", 5),
      utmRow("mail.yandex.ru", "referral", "(referral)", 4),
      utmRow("webmail.t-online.de", "referral", "(referral)", 3),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "email-host:gmail",
      "email-host:mailchimp",
      "email-host:outlook",
      "email-host:sendgrid",
      "email-host:webmail",
      "email-host:yandex-mail",
    ]);
    const gmail = result.findings.find((f) => f.key === "email-host:gmail");
    expect(gmail?.affectedSessions).toBe(160);
    expect(gmail?.values).toEqual(["mail.google.com", "com.google.android.gm"]);
    expect(gmail?.title).toBe("Email clicks from Gmail arrive without UTMs");
    expect(result.affectedSessions).toBe(267);
  });

  it("passes tagged newsletters and hosts that only look like mail", () => {
    const result = runOn(untaggedEmailTraffic, [
      // Tagged: utm_source names the webmail host but the medium says email.
      utmRow("mail.google.com", "email", "may_newsletter_2025", 50),
      utmRow("newsletter", "email", "may_newsletter_2025", 400),
      // Mail.ru's search engine, a blog about email and the site's own mail host.
      utmRow("go.mail.ru", "organic", "(organic)", 30),
      utmRow("go.mail.ru", "referral", "(referral)", 3),
      utmRow("emailmarketingblog.com", "referral", "(referral)", 10),
      utmRow("mail.example.com", "referral", "(referral)", 2),
      utmRow("google", "organic", "(organic)", 900),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(untaggedEmailTraffic, [{ sessionSource: "mail.google.com", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualMedium or sessionMedium");
  });
});

describe("untagged-email-traffic on GA4's own referral rows", () => {
  it("reads the referrer host from the resolved source when the manual one is (not set)", () => {
    const result = runOn(untaggedEmailTraffic, [
      {
        sessionSource: "mail.google.com",
        sessionMedium: "referral",
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
        sessions: 130,
      },
    ]);
    expect(result.status).toBe("failed");
    expect(result.findings.map((f) => f.key)).toEqual(["email-host:gmail"]);
  });
});
