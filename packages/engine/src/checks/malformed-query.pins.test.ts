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
