import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findingKeys, joinedPieces, runOn, utmRow } from "../testing/support.ts";
import {
  ANY_HINT,
  decodeEachPart,
  decodeLanding,
  hasAnyHint,
  hintedLanding,
  piiInUtm,
} from "./pii-in-utm.ts";

const landing = (landingPagePlusQueryString: string, sessions = 10) => ({
  landingPagePlusQueryString,
  sessions,
});

describe("pii-in-utm", () => {
  it("flags an email parameter in landing pages, redacted everywhere it is shown", () => {
    const result = runOn(piiInUtm, [
      landing("/welcome?email=jane.doe%40gmail.com&utm_source=newsletter&utm_medium=email", 12),
      landing("/welcome?email=john.smith@example.co.uk&utm_source=newsletter", 8),
      landing("/welcome?utm_source=newsletter&utm_medium=email", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(findingKeys(result)).toEqual(["landing:email-param"]);
    const finding = result.findings[0];
    expect(finding?.affectedSessions).toBe(20);
    expect(finding?.values.sort()).toEqual(["email=j***@e***.uk", "email=j***@g***.com"]);
    const shown = JSON.stringify(finding);
    expect(shown).not.toContain("jane");
    expect(shown).not.toContain("john.smith");
    expect(shown).not.toContain("gmail.com");
    expect(finding?.examples[0]?.values.landingPagePlusQueryString).toBe(
      "/welcome?email=j***@g***.com&utm_source=newsletter&utm_medium=email",
    );
  });

  it("flags email addresses and phone numbers inside UTM values", () => {
    const result = runOn(piiInUtm, [
      utmRow("newsletter", "email", "anna.k@outlook.com", 3),
      utmRow("sms", "sms", "callback", 4, { sessionManualAdContent: "+44 7700 900123" }),
      utmRow("google", "cpc", "brand", 5, { sessionManualTerm: "call (555) 123-4567" }),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:email", "content:phone", "term:phone"]);
    const byKey = Object.fromEntries(result.findings.map((f) => [f.key, f]));
    expect(byKey["campaign:email"]?.values).toEqual(["a***@o***.com"]);
    expect(byKey["campaign:email"]?.title).toBe(
      "Email addresses in utm_campaign values (e.g. a***@o***.com)",
    );
    expect(byKey["content:phone"]?.values).toEqual(["+44 **** ***123"]);
    expect(byKey["term:phone"]?.values).toEqual(["(***) ***-*567"]);
    expect(byKey["campaign:email"]?.examples[0]?.values.sessionManualCampaignName).toBe(
      "a***@o***.com",
    );
  });

  it("flags phone, name and postcode parameters from a form sent with GET", () => {
    const result = runOn(piiInUtm, [
      landing("/thank-you?firstname=Jane&lastname=Doe&phone=07700+900123&zip=90210"),
      landing("/contact?name=Jane+Doe&tel=%2B33+6+12+34+56+78"),
    ]);
    expect(findingKeys(result)).toEqual([
      "landing:address-param",
      "landing:name-param",
      "landing:phone-param",
    ]);
    const names = result.findings.find((f) => f.key === "landing:name-param");
    expect(names?.values.sort()).toEqual(["firstname=J***", "lastname=D***", "name=J*** D***"]);
  });

  it("flags a phone number in a landing page outside any named parameter", () => {
    const result = runOn(piiInUtm, [landing("/callback?ref=%2B1%20415%20555%200132")]);
    expect(findingKeys(result)).toEqual(["landing:phone"]);
  });

  it("does not flag IDs, dates, timestamps, click IDs, merge tags or product names", () => {
    const result = runOn(piiInUtm, [
      landing("/offer?gclid=Cj0KCQjw8O-VBhCpARIsACMvVLPm0pUJ2p9m1234567890&fbclid=IwAR2x9"),
      landing("/order?id=1234567890123&ts=1730628000"),
      landing("/events?from=2025-11-03 12:30&to=2025-11-10"),
      landing("/shop?name=Blue+Dress&size=10&sort=price"),
      landing("/welcome?email={{contact.email}}&name=*|FNAME|*"),
      landing("/welcome?email=%%emailaddr%%&mobile=1"),
      landing("/img/logo@2x.png"),
      landing("/stats?ip=192.168.100.101&v=12.345.678.901"),
      utmRow("newsletter", "email", "email_20251103_8831"),
      utmRow("google", "cpc", "brand", 10, { sessionManualCampaignId: "4711202511030001" }),
      utmRow("twitter", "social", "@brand_launch"),
      utmRow("display", "banner", "sizes", 10, { sessionManualAdContent: "300x250 728x90" }),
      utmRow("google", "cpc", "shoes", 10, { sessionManualTerm: "size 10 12 14 16 18" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("flags a name parameter next to other personal data", () => {
    const result = runOn(piiInUtm, [landing("/signup?name=Jane+Doe&email=jane%40example.org")]);
    expect(findingKeys(result)).toEqual(["landing:email-param", "landing:name-param"]);
  });

  it("masks every personal value in the example rows, a bare name included", () => {
    const result = runOn(piiInUtm, [
      utmRow("newsletter", "email", "anna.k@outlook.com", 3, {
        landingPagePlusQueryString: "/welcome?name=Anna+Kowalski&ref=nl",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:email"]);
    const example = result.findings[0]?.examples[0]?.values;
    expect(example?.landingPagePlusQueryString).toBe("/welcome?name=A*** K***&ref=nl");
    expect(example?.sessionCampaignName).toBe("a***@o***.com");
  });

  it("is skipped without UTM or landing-page dimensions", () => {
    const result = runOn(piiInUtm, [{ sessionDefaultChannelGroup: "Direct", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});

describe("hasAnyHint", () => {
  it("answers as the one ANY_HINT alternation does", () => {
    const pieces = ["1", "1234", " ", "(", ")", ".", "/", "-", "@", "%40", "%4", "0", "x"];
    const words = ["mail", "Phone", "tel", "name", "zip", "post", "=", "&", ";", "#", "?"];
    const text = joinedPieces([...pieces, ...words], 16);
    fc.assert(
      fc.property(text, (value) => {
        expect(hasAnyHint(value)).toBe(ANY_HINT.test(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it("finds every run of digits the pattern does, wherever it falls between the probes", () => {
    // No "@" and no "=": only a run of digits can be a hint.
    const pieces = [
      "1",
      "12",
      "1234",
      "12345678",
      " ",
      "(",
      ")",
      ".",
      "/",
      "-",
      "--",
      "x",
      "é",
      "_",
    ];
    const text = joinedPieces(pieces, 40);
    fc.assert(
      fc.property(text, (value) => {
        expect(hasAnyHint(value)).toBe(/\d[\d ()./-]{7,}/.test(value));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("decodeLanding", () => {
  it("reads encoded spaces as decoding the path and the query apart does", () => {
    const pieces = [
      "%20",
      "%2",
      "%",
      "20",
      "%2020",
      "%41",
      "%e9",
      "%C3%A9",
      "%ZZ",
      "+",
      "?",
      "&",
      "=",
      "a",
      " ",
    ];
    const text = joinedPieces(pieces, 16);
    fc.assert(
      fc.property(text, (value) => {
        expect(decodeLanding(value)).toBe(decodeEachPart(value));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("hintedLanding", () => {
  it("is the decoded value when it has a hint, as decoding it and then looking does", () => {
    const pieces = [
      "%20",
      "%40",
      "%",
      "+",
      "@",
      "12345678",
      "1",
      " ",
      "/",
      "?",
      "&",
      "=",
      "name",
      "x",
    ];
    const text = joinedPieces(pieces, 12);
    fc.assert(
      fc.property(text, (value) => {
        const decoded = decodeLanding(value);
        expect(hintedLanding(value)).toBe(hasAnyHint(decoded) ? decoded : undefined);
      }),
      { numRuns: 20_000 },
    );
  });
});
