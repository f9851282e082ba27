import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { personalDataInValue, piiInUtm } from "./pii-in-utm.ts";

/** Issue 20: the lengths, names and masks pii-in-utm decides personal data by. */

const landing = (landingPagePlusQueryString: string, sessions = 10) => ({
  landingPagePlusQueryString,
  sessions,
});

const kinds = (value: string) => personalDataInValue(value).map((hit) => hit.kind);

/** What the landing-page findings show, by kind. */
function shownInLanding(value: string): Record<string, string[]> {
  const result = runOn(piiInUtm, [landing(value)]);
  return Object.fromEntries(
    result.findings.map((finding) => [finding.key.replace(/^landing:/, ""), finding.values]),
  );
}

describe("pii-in-utm phone numbers in values", () => {
  it("takes 8 to 15 digits after a plus", () => {
    expect(kinds("+12 345 678")).toEqual(["phone"]);
    expect(kinds("+123 456 789 012 345")).toEqual(["phone"]);
  });

  it("takes 10 to 13 digits without one", () => {
    expect(kinds("(555) 123-4567")).toEqual(["phone"]);
    expect(kinds("01234 567 890 12")).toEqual(["phone"]);
    expect(kinds("call 0123 456 78")).toEqual([]);
    expect(kinds("01234 567 890 123")).toEqual([]);
  });

  it("takes digit pairs only after a trunk 0", () => {
    expect(kinds("01 23 45 67 89")).toEqual(["phone"]);
    expect(kinds("11 23 45 67 80")).toEqual([]);
    expect(kinds("12 34 56 7890")).toEqual(["phone"]);
  });

  it("passes an IP address in brackets", () => {
    expect(kinds("(192.168.100.200)")).toEqual([]);
  });

  it("finds an email and a phone number side by side, in either order", () => {
    expect(kinds("anna@example.com or +44 7700 900123")).toEqual(["email", "phone"]);
    expect(kinds("+44 7700 900123 or anna@example.com")).toEqual(["email", "phone"]);
  });

  it("reads no name=value pairs in a UTM value", () => {
    expect(kinds("email=jane@example.com")).toEqual(["email"]);
  });

  it("keeps a malformed percent sequence as written", () => {
    const hits = personalDataInValue("anna.k@outlook.com%E0%A4");
    expect(hits.map((hit) => hit.shown)).toEqual(["a***@o***.com"]);
  });
});

describe("pii-in-utm example rows", () => {
  it("masks every hit in place, the later ones first", () => {
    const result = runOn(piiInUtm, [
      utmRow("newsletter", "email", "spring%20sale", 3, {
        sessionManualAdContent: "anna.k@outlook.com call +44 7700 900123",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["content:email", "content:phone"]);
    const example = result.findings[0]?.examples[0]?.values;
    expect(example?.sessionManualAdContent).toBe("a***@o***.com call +44 **** ***123");
    expect(example?.sessionManualCampaignName).toBe("spring%20sale");
    expect(result.findings[0]?.field).toBe("sessionManualAdContent");
  });
});

describe("pii-in-utm parameters in landing pages", () => {
  it("reports them on the landing page", () => {
    const result = runOn(piiInUtm, [landing("/welcome?email=jane@example.com")]);
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
  });

  it("reads names of up to 40 characters", () => {
    const name40 = `${"a".repeat(33)}[email]`;
    const name41 = `${"a".repeat(34)}[email]`;
    expect(findingKeys(runOn(piiInUtm, [landing(`/p?${name40}=jane@example.com`)]))).toEqual([
      "landing:email-param",
    ]);
    expect(findingKeys(runOn(piiInUtm, [landing(`/p?${name41}=jane@example.com`)]))).toEqual([
      "landing:email",
    ]);
  });

  it("normalises names with separators, brackets, case and spaces", () => {
    expect(shownInLanding("/p?email=a@b.com&first_name=Jane")["name-param"]).toEqual([
      "first_name=J***",
    ]);
    expect(shownInLanding("/p?customer[E-Mail]=jane@example.com")).toEqual({
      "email-param": ["customer[E-Mail]=j***@e***.com"],
    });
    expect(shownInLanding("/p?%20email=jane@example.com")).toEqual({
      "email-param": [" email=j***@e***.com"],
    });
  });

  it("trims a value before judging it", () => {
    expect(shownInLanding("/p?email=a@b.com&name=%20Jane%20Doe%20")["name-param"]).toEqual([
      "name= J*** D*** ",
    ]);
  });

  it("takes values of two characters or more, never merge tags or yes/no words", () => {
    expect(shownInLanding("/p?email=a@b.com&fname=Jo")["name-param"]).toEqual(["fname=J***"]);
    expect(shownInLanding("/p?email=a@b.com&fname=J")["name-param"]).toBeUndefined();
    expect(shownInLanding("/p?email=a@b.com&street={{street}}")["address-param"]).toBeUndefined();
    expect(shownInLanding("/p?email=a@b.com&street=none")["address-param"]).toBeUndefined();
  });

  it("takes a phone parameter with seven digits or more", () => {
    expect(shownInLanding("/p?tel=1234567")["phone-param"]).toEqual(["tel=****567"]);
    expect(shownInLanding("/p?tel=123456")).toEqual({});
    expect(shownInLanding("/p?email=a@b.com&tel=ab")["phone-param"]).toBeUndefined();
  });

  it("keeps a phone parameter's country code, after leading spaces too", () => {
    expect(shownInLanding("/p?tel=%20%2B447700900123")["phone-param"]).toEqual([
      "tel= +44*******123",
    ]);
  });

  it("takes a bare name of two words, other name parameters of one", () => {
    expect(shownInLanding("/p?email=a@b.com&name=Dress")["name-param"]).toBeUndefined();
    expect(shownInLanding("/p?email=a@b.com&lname=Doe")["name-param"]).toEqual(["lname=D***"]);
  });

  it("takes a postcode of three characters with a digit, an address of four with a letter", () => {
    expect(shownInLanding("/p?zip=123")["address-param"]).toEqual(["zip=1***"]);
    expect(shownInLanding("/p?zip=12")).toEqual({});
    expect(shownInLanding("/p?zip=abc")).toEqual({});
    expect(shownInLanding("/p?street=Main")["address-param"]).toEqual(["street=M***"]);
    expect(shownInLanding("/p?street=Elm")).toEqual({});
    expect(shownInLanding("/p?street=1234")).toEqual({});
  });

  it("masks an email parameter that is no full address word by word", () => {
    expect(shownInLanding("/p?email=jane@localhost")["email-param"]).toEqual(["email=j***@l***"]);
  });

  it("reads + as a space in the query, and a path without a query as written", () => {
    expect(shownInLanding("?email=a@b.com&name=Jane+Doe")["name-param"]).toEqual([
      "name=J*** D***",
    ]);
    expect(shownInLanding("/contact/+447700900123")).toEqual({ phone: ["+44*******123"] });
  });
});

describe("pii-in-utm titles", () => {
  const titles = (...rows: Parameters<typeof runOn>[1]) =>
    runOn(piiInUtm, rows)
      .findings.map((finding) => finding.title)
      .sort();

  it("names the kind, where it was found and a masked example", () => {
    expect(titles(utmRow("newsletter", "email", "call 0161 496 0000 now"))).toEqual([
      "Phone numbers in utm_campaign values (e.g. **** *** *000)",
    ]);
    expect(titles(utmRow("newsletter", "email", "jane.doe@gmail.com"))).toEqual([
      "Email addresses in utm_campaign values (e.g. j***@g***.com)",
    ]);
    expect(titles(landing("/callback?ref=%2B1%20415%20555%200132"))).toEqual([
      "Phone numbers in landing page URLs (e.g. +1 4** *** *132)",
    ]);
  });

  it("names each personal parameter found in landing pages", () => {
    expect(titles(landing("/signup?name=Jane+Doe&email=jane%40example.org"))).toEqual([
      "Email addresses passed as a parameter in landing page URLs (email=j***@e***.org)",
      "People's names passed as a parameter in landing page URLs (name=J*** D***)",
    ]);
    expect(titles(landing("/contact?tel=%2B33+6+12+34+56+78"))).toEqual([
      "Phone numbers passed as a parameter in landing page URLs (tel=+33 * ** ** *6 78)",
    ]);
    expect(titles(landing("/thank-you?zip=90210&utm_source=x"))).toEqual([
      "Postal addresses or postcodes passed as a parameter in landing page URLs (zip=9***)",
    ]);
  });
});

describe("pii-in-utm parameter names", () => {
  it("reads no utm_ parameter as a personal one, whatever its bracketed key", () => {
    expect(findingKeys(runOn(piiInUtm, [landing("/p?utm_term[phone]=1234567")]))).toEqual([]);
    expect(findingKeys(runOn(piiInUtm, [landing("/p?UTM_TERM[phone]=1234567")]))).toEqual([]);
  });

  it("reads a bracketed key with a space before the '=' as that key", () => {
    expect(findingKeys(runOn(piiInUtm, [landing("/p?customer[phone]%20=1234567")]))).toEqual([
      "landing:phone-param",
    ]);
  });
});
