import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VALUES_PER_FINDING } from "../core/findings.ts";
import type { AuditRow } from "../core/types.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import {
  findingKeys,
  findingSummaries,
  joinedPieces,
  runOn,
  utmRow,
  withoutUndefined,
} from "../testing/support.ts";
import { missingUtmSource } from "./missing-utm-source.ts";

describe("missing-utm-source", () => {
  it("flags a medium and campaign without a source", () => {
    const result = runOn(missingUtmSource, [
      utmRow("(not set)", "email", "spring_sale", 120),
      utmRow("newsletter", "email", "spring_sale", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(result.affectedSessions).toBe(120);
    expect(findingKeys(result)).toEqual(["medium:email|campaign:spring_sale"]);
    expect(result.findings[0]?.values).toEqual(["email", "spring_sale"]);
  });

  it("flags a landing page tagged without utm_source", () => {
    const result = runOn(missingUtmSource, [
      { landingPagePlusQueryString: "/offer?utm_medium=cpc&utm_campaign=x", sessions: 40 },
      { landingPagePlusQueryString: "/offer?utm_source=google&utm_medium=cpc", sessions: 60 },
    ]);
    expect(findingKeys(result)).toEqual(["landing:/offer"]);
    expect(result.affectedSessions).toBe(40);
  });

  it("passes direct, organic and referral traffic that carries no UTMs at all", () => {
    const result = runOn(missingUtmSource, [
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("google", "organic", "(organic)"),
      { landingPagePlusQueryString: "/blog?page=2", sessions: 10 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a source or landing-page dimension", () => {
    const result = runOn(missingUtmSource, [{ sessionMedium: "email", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource or landingPagePlusQueryString");
  });
});

/**
 * The check's rule read row by row, each landing URL parsed: what the check must find, however it
 * reads values by id, parses a landing value once or reads no row when the glance clears them all.
 */
function expectedFindings(rows: readonly AuditRow[]) {
  const hasManual = rows.some((row) => row.sessionManualSource !== undefined);
  const found = new Map<string, { title: string; values: string[]; sessions: number }>();
  const report = (key: string, title: string, values: readonly string[], sessions: number) => {
    const entry = found.get(key) ?? { title, values: [], sessions: 0 };
    found.set(key, entry);
    entry.sessions += sessions;
    for (const value of values) {
      if (entry.values.length < VALUES_PER_FINDING && !entry.values.includes(value)) {
        entry.values.push(value);
      }
    }
  };
  for (const row of rows) {
    const { sessionManualMedium: medium, sessionManualCampaignName: campaign } = row;
    if (
      hasManual &&
      !isUserValue(row.sessionManualSource) &&
      (isUserValue(medium) || isUserValue(campaign))
    ) {
      const shown = [medium, campaign].filter(isUserValue);
      const key = `medium:${medium ?? ""}|campaign:${campaign ?? ""}`;
      report(key, `No utm_source on ${shown.join(" / ")}`, shown, row.sessions);
      continue;
    }
    const landing = row.landingPagePlusQueryString;
    if (landing === undefined) continue;
    const url = parseLanding(landing);
    const names = new Set(url.params.map((p) => p.name));
    if (names.has("utm_source") || !(names.has("utm_medium") || names.has("utm_campaign"))) {
      continue;
    }
    const title = `Landing page ${url.path} tagged without utm_source`;
    report(`landing:${url.path}`, title, [landing], row.sessions);
  }
  return [...found].map(([key, { title, values, sessions }]) => ({ key, title, values, sessions }));
}

describe("missing-utm-source against its rule read row by row", () => {
  it("finds what parsing every row's landing URL finds", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    const landingPieces = [
      "/p",
      "/q",
      "?",
      "&",
      "#",
      "=",
      "utm_source=",
      "utm_medium=",
      "utm_campaign=",
      "UTM_Source=",
      "utm_source_platform=x",
      "umt_source=",
      "news",
      "%20",
      "%75tm_source=",
      "x",
    ];
    const landing = joinedPieces(landingPieces, 8);
    const row = fc.record(
      {
        sessionManualSource: pick(undefined, "newsletter", "(not set)", " "),
        sessionManualMedium: pick(undefined, "email", "(not set)"),
        sessionManualCampaignName: pick(undefined, "may", "(not set)", "may|campaign:x"),
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        sessions: fc.integer({ min: 1, max: 9 }),
      },
      { requiredKeys: ["sessions"] },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
        expect(findingSummaries(runOn(missingUtmSource, rows))).toEqual(
          expectedFindings(rows).sort(byKey),
        );
      }),
      { numRuns: 3_000 },
    );
  });
});
