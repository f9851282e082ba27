import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CheckDefinition } from "../core/check.ts";
import type { AggregatedRow } from "../core/types.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import {
  audited,
  findingKeys,
  joinedPieces,
  runOn,
  utmRow,
  withoutRowObjects,
  withoutUndefined,
} from "../testing/support.ts";
import { gclidUtmConflict } from "./gclid-utm-conflict.ts";

describe("gclid-utm-conflict", () => {
  it("flags a Google click id next to UTMs that are not google / cpc", () => {
    const result = runOn(gclidUtmConflict, [
      {
        landingPagePlusQueryString:
          "/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&gclid=EAIaIQobChMI",
        sessions: 30,
      },
      {
        landingPagePlusQueryString: "/offer?utm_source=Newsletter&utm_medium=email&gbraid=0AAAAA",
        sessions: 10,
      },
      {
        landingPagePlusQueryString: "/shoes?utm_source=youtube&utm_medium=paid%20video&wbraid=CkQK",
        sessions: 5,
      },
      {
        landingPagePlusQueryString: "/offer?utm_source=google&utm_medium=cpc&gclid=EAIaIQobChMI",
        sessions: 400,
      },
    ]);
    expect(findingKeys(result)).toEqual(["manual:newsletter|email", "manual:youtube|paid video"]);
    const newsletter = result.findings.find((f) => f.key === "manual:newsletter|email");
    expect(newsletter?.values).toEqual(["newsletter", "email"]);
    expect(newsletter?.affectedSessions).toBe(40);
    expect(result.findings.find((f) => f.key === "manual:youtube|paid video")?.values).toEqual([
      "youtube",
      "paid video",
    ]);
  });

  it("flags sessions resolved to google / cpc whose manual dimensions disagree", () => {
    const result = runOn(gclidUtmConflict, [
      utmRow("google", "cpc", "spring_sale", 60, {
        sessionManualSource: "facebook",
        sessionManualMedium: "paid_social",
      }),
      utmRow("google", "cpc", "brand", 40, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "ppc",
      }),
      utmRow("google", "cpc", "brand", 500),
      utmRow("google", "cpc", "brand", 300, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["manual:(not set)|ppc", "manual:facebook|paid_social"]);
    expect(result.findings.find((f) => f.key === "manual:(not set)|ppc")?.values).toEqual(["ppc"]);
    expect(result.affectedSessions).toBe(100);
  });

  it("passes UTMs without click ids and click ids without conflicting UTMs", () => {
    const result = runOn(gclidUtmConflict, [
      { landingPagePlusQueryString: "/offer?utm_source=newsletter&utm_medium=email", sessions: 9 },
      { landingPagePlusQueryString: "/offer?gclid=EAIaIQobChMI", sessions: 9 },
      { landingPagePlusQueryString: "/offer?utm_campaign=spring_sale&gclid=abc", sessions: 9 },
      {
        landingPagePlusQueryString: "/offer?utm_source=Google&utm_medium=CPC&gclid=x",
        sessions: 9,
      },
      { landingPagePlusQueryString: "/offer?utm_source=facebook&fbclid=IwAR0", sessions: 9 },
      {
        landingPagePlusQueryString: "/gclid-guide?utm_source=blog&utm_medium=referral",
        sessions: 9,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a landing page or manual dimensions", () => {
    const result = runOn(gclidUtmConflict, [
      { sessionSource: "google", sessionMedium: "cpc", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "needs landingPagePlusQueryString or sessionManualSource or sessionManualMedium",
    );
  });

  it("is skipped when manual dimensions have nothing to be compared with", () => {
    const result = runOn(gclidUtmConflict, [{ sessionManualSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toContain("sessionSource and sessionMedium");
  });
});

/** The check's rule read row by row, each row an object, gathering each pair's rows as they come. */
const readRowByRow: CheckDefinition = {
  ...gclidUtmConflict,
  run(data, findings) {
    const folded = (value: string) => value.trim().toLowerCase();
    const decoded = (value: string) => {
      try {
        return decodeURIComponent(value.replaceAll("+", " "));
      } catch {
        return value;
      }
    };
    const conflictOf = (source: string | undefined, medium: string | undefined) => {
      const hasSource = isUserValue(source);
      const hasMedium = isUserValue(medium);
      const differs =
        (hasSource && folded(source) !== "google") || (hasMedium && folded(medium) !== "cpc");
      if (!differs) return undefined;
      return { source: hasSource ? source : "(not set)", medium: hasMedium ? medium : "(not set)" };
    };
    const fromLanding = (landing: string | undefined) => {
      if (landing === undefined || !/[?&](gclid|gbraid|wbraid)=/.test(landing)) return undefined;
      const params = parseLanding(landing).params;
      if (!params.some((p) => ["gclid", "gbraid", "wbraid"].includes(p.name))) return undefined;
      const source = params.find((p) => p.name === "utm_source");
      const medium = params.find((p) => p.name === "utm_medium");
      return conflictOf(source && decoded(source.value), medium && decoded(medium.value));
    };
    const pairs = new Map<string, { source: string; medium: string; rows: AggregatedRow[] }>();
    for (const row of data.rows) {
      const { values } = row;
      const googleCpc =
        values.sessionSource?.trim().toLowerCase() === "google" &&
        values.sessionMedium?.trim().toLowerCase() === "cpc";
      const conflict =
        fromLanding(values.landingPagePlusQueryString) ??
        (googleCpc
          ? conflictOf(values.sessionManualSource, values.sessionManualMedium)
          : undefined);
      if (!conflict) continue;
      const key = `manual:${folded(conflict.source)}|${folded(conflict.medium)}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = { ...conflict, rows: [] };
        pairs.set(key, pair);
      }
      pair.rows.push(row);
    }
    for (const [key, { source, medium, rows }] of pairs) {
      findings.add(
        key,
        `Google Ads clicks tagged ${source} / ${medium}; GA4 reports them as google / cpc`,
        rows,
        { values: [source, medium].filter(isUserValue), field: "sessionManualSource" },
      );
    }
  },
};

describe("gclid-utm-conflict against its rule read row by row", () => {
  it("finds the same pairs, rows and examples", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    // URLs made of a path and a few parameters, and odd texts around the same names.
    const params = [
      "gclid=Cj0",
      "GCLID=",
      "gbraid=0A",
      "wbraid=Ck",
      "fbclid=IwAR",
      "utm_source=",
      "utm_source=google",
      "utm_source=+News+letter",
      "utm_source=%E0",
      "utm_medium=cpc",
      "utm_medium=Email",
      "utm_medium=(not%20set)",
    ];
    const landing = fc.oneof(
      fc
        .tuple(pick("/p", "/q"), fc.array(pick(...params), { maxLength: 3 }))
        .map(([path, query]) => `${path}?${query.join("&")}`),
      joinedPieces(["/p", "?", "&", "#", "=", "x", ...params], 8),
    );
    const row = fc.record(
      {
        sessionSource: pick(undefined, "google", " Google", "bing", "(not set)", ""),
        sessionMedium: pick(undefined, "cpc", "CPC ", "organic", "(not set)", ""),
        sessionManualSource: pick(
          undefined,
          "google",
          "newsletter",
          " Newsletter",
          "(not set)",
          "",
        ),
        sessionManualMedium: pick(undefined, "cpc", "email", " Email", "(not set)", ""),
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        sessions: fc.integer({ min: 1, max: 5 }),
      },
      { requiredKeys: ["sessions"] },
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 25 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        expect(withoutRowObjects(() => audited(gclidUtmConflict, rows))).toEqual(
          audited(readRowByRow, rows),
        );
      }),
      { numRuns: 200 },
    );
  });
});
