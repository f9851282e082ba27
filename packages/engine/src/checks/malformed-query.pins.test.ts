import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { malformedQuery } from "./malformed-query.ts";

/** Issue 20: each way malformed-query finds an empty "&" slot, on its own. */

const landing = (landingPagePlusQueryString: string, sessions = 10) => ({
  landingPagePlusQueryString,
  sessions,
});

const keys = (value: string) => findingKeys(runOn(malformedQuery, [landing(value)]));

describe("malformed-query empty slots", () => {
  it("finds an empty slot at the start, in the middle or at the end of the query", () => {
    expect(keys("/p?&utm_source=x")).toEqual(["empty:/p"]);
    expect(keys("/p?utm_source=x&&utm_medium=y")).toEqual(["empty:/p"]);
    expect(keys("/p?utm_source=x&")).toEqual(["empty:/p"]);
  });

  it("reports it as info on the landing page, keyed by the home page without a path", () => {
    const result = runOn(malformedQuery, [landing("?&utm_source=x", 4)]);
    expect(findingKeys(result)).toEqual(["empty:/"]);
    expect(result.findings[0]?.severity).toBe("info");
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
    expect(result.findings[0]?.values).toEqual(["?&utm_source=x"]);
  });
});

describe("malformed-query titles", () => {
  const titles = (value: string) =>
    runOn(malformedQuery, [landing(value)]).findings.map((finding) => finding.title);

  it("names each defect and the page it was found on", () => {
    expect(titles("/offer?utm_source=newsletter?utm_medium=email")).toEqual([
      'Several "?" in the query of /offer: parameters after the second are lost',
    ]);
    expect(titles("/blog/post?utm_source=newsletter&amp;utm_medium=email")).toEqual([
      'HTML-escaped "&amp;" between the parameters of /blog/post',
    ]);
    expect(titles("/a?utm_source=google;utm_medium=cpc")).toEqual([
      'Parameters joined with ";" instead of "&" on /a',
    ]);
    expect(titles("/b?utm_source=facebook%26utm_medium%3Dpaid_social")).toEqual([
      'Percent-encoded "&", "?" or "=" inside the UTM parameters of /b',
    ]);
    expect(titles("/d?utm_source=newsletter&utm%20medium=email")).toEqual([
      "Spaces in UTM parameter names on /d",
    ]);
    expect(titles("/offer?utm_source=google&&utm_medium=cpc")).toEqual([
      'Empty "&" separators in the query of /offer',
    ]);
  });

  it("names the home page / when the landing value has no path", () => {
    expect(titles("?utm_source=newsletter?utm_medium=email")).toEqual([
      'Several "?" in the query of /: parameters after the second are lost',
    ]);
    expect(titles("?&utm_source=x")).toEqual(['Empty "&" separators in the query of /']);
  });
});
