import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { untaggedEmailTraffic } from "./untagged-email-traffic.ts";

/** Issue 20: the mail hosts untagged-email-traffic knows by pattern, and the mediums it reads. */

const referral = (source: string, extra: Partial<AuditRow> = {}): AuditRow => ({
  sessionSource: source,
  sessionMedium: "referral",
  sessions: 5,
  ...extra,
});

describe("untagged-email-traffic hosts", () => {
  it("knows webmail hosts by pattern", () => {
    const result = runOn(untaggedEmailTraffic, [
      referral("us-mg5.mail.yahoo.com"),
      referral("mail.zoho.eu"),
      referral("webmail.example.org"),
    ]);
    expect(findingKeys(result)).toEqual([
      "email-host:webmail",
      "email-host:yahoo-mail",
      "email-host:zoho-mail",
    ]);
    expect(result.findings[0]?.field).toBe("sessionSource");
  });
});

describe("untagged-email-traffic mediums", () => {
  it("reads the manual source when the data has no session source", () => {
    const result = runOn(untaggedEmailTraffic, [
      { sessionManualSource: "mail.google.com", sessionManualMedium: "referral", sessions: 5 },
    ]);
    expect(result.findings.map((finding) => finding.field)).toEqual(["sessionManualSource"]);
  });

  it("reads the session medium first, the manual one only without it", () => {
    const tagged = referral("mail.google.com", {
      sessionMedium: "email",
      sessionManualMedium: "(not set)",
    });
    expect(runOn(untaggedEmailTraffic, [tagged]).status).toBe("passed");
    const manualOnly: AuditRow = {
      sessionSource: "mail.google.com",
      sessionManualMedium: "email",
      sessions: 5,
    };
    expect(runOn(untaggedEmailTraffic, [manualOnly, referral("example.org")]).status).toBe(
      "passed",
    );
  });
});
