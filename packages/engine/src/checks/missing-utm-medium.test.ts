import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VALUES_PER_FINDING } from "../core/findings.ts";
import type { AuditRow } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import { decodeParam, hasGoogleClickId, keyPart, landingParams } from "../rules/tagging.ts";
import {
  findingKeys,
  findingSummaries,
  joinedPieces,
  runOn,
  utmRow,
  withoutUndefined,
} from "../testing/support.ts";
import { missingUtmMedium } from "./missing-utm-medium.ts";

describe("missing-utm-medium", () => {
  it("flags a source without a medium, one finding per source", () => {
    const result = runOn(missingUtmMedium, [
      utmRow("newsletter", "(not set)", "spring_sale_2025", 120),
      utmRow("newsletter", "(not set)", "summer_sale_2025", 30),
      utmRow("partner_blog", "(not set)", "(not set)", 15),
      utmRow("newsletter", "email", "spring_sale_2025", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(findingKeys(result)).toEqual(["source:newsletter", "source:partner_blog"]);
    const newsletter = result.findings.find((f) => f.key === "source:newsletter");
    expect(newsletter?.affectedSessions).toBe(150);
    expect(newsletter?.values).toEqual(["newsletter", "spring_sale_2025", "summer_sale_2025"]);
    expect(newsletter?.title).toBe("Links from newsletter have no utm_medium");
    expect(result.affectedSessions).toBe(165);
  });

  it("keeps a finding's first values and titles it by its first row, in row order", () => {
    const rows = Array.from({ length: 25 }, (_, i) =>
      utmRow(i === 0 ? "News" : "news", "(not set)", `campaign_${i}`, 10),
    );
    const result = runOn(missingUtmMedium, rows);
    const [news] = result.findings;
    expect(news?.key).toBe("source:news");
    expect(news?.title).toBe("Links from News have no utm_medium");
    expect(news?.values).toEqual([
      "News",
      "campaign_0",
      "news",
      ...Array.from({ length: 17 }, (_, i) => `campaign_${i + 1}`),
    ]);
    expect(news?.examples.map((e) => e.values.sessionManualCampaignName)).toEqual([
      "campaign_0",
      "campaign_1",
      "campaign_2",
    ]);
  });

  it("flags a campaign tagged with neither source nor medium", () => {
    const result = runOn(missingUtmMedium, [utmRow("(not set)", "(not set)", "black_friday", 40)]);
    expect(findingKeys(result)).toEqual(["campaign:black_friday"]);
  });

  it("flags a landing URL with utm_source but no utm_medium when there are no manual dimensions", () => {
    const result = runOn(missingUtmMedium, [
      { landingPagePlusQueryString: "/sale?utm_source=Newsletter&utm_campaign=may", sessions: 25 },
      { landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=", sessions: 5 },
      { landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=email", sessions: 70 },
      { landingPagePlusQueryString: "/blog?page=2", sessions: 10 },
    ]);
    expect(findingKeys(result)).toEqual(["source:newsletter"]);
    expect(result.affectedSessions).toBe(30);
  });

  it("passes organic, referral, direct, auto-tagged and fully tagged traffic", () => {
    const result = runOn(missingUtmMedium, [
      utmRow("google", "organic", "(organic)"),
      utmRow("partner-site.com", "referral", "(referral)"),
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("facebook", "paid_social", "spring_sale_2025"),
      // Google Ads auto-tagging: the session medium is cpc even though no utm_medium was set.
      {
        sessionSource: "google",
        sessionMedium: "cpc",
        sessionManualSource: "google",
        sessionManualMedium: "(not set)",
        sessions: 80,
      },
      // Auto-tagged: GA4 takes source and medium from Google Ads, whatever the UTMs say.
      { landingPagePlusQueryString: "/?utm_source=google&gclid=Cj0KCQjw", sessions: 30 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("does not blame the site for sources that tag their own links (chatgpt.com)", () => {
    const result = runOn(missingUtmMedium, [utmRow("chatgpt.com", "(not set)", "(not set)", 60)]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a source, campaign or landing-page dimension", () => {
    const result = runOn(missingUtmMedium, [{ sessionMedium: "email", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });

  it("is skipped when a manual source has no medium dimension to compare with", () => {
    const result = runOn(missingUtmMedium, [{ sessionManualSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualMedium or sessionMedium");
  });
});

/**
 * The check's rule read row by row, each landing URL parsed: what the check must find, however it
 * skips rows, reads values by id or asks for a campaign only while a finding takes values.
 */
function expectedFindings(rows: readonly AuditRow[]) {
  const has = (dimension: keyof AuditRow) => rows.some((row) => row[dimension] !== undefined);
  const mediums = (["sessionManualMedium", "sessionMedium"] as const).filter(has);
  const found = new Map<string, { title: string; values: string[]; sessions: number }>();
  const report = (row: AuditRow, source: string, campaign: string) => {
    const user = isUserValue(source);
    let key: string;
    let title: string;
    if (user) {
      if (keyPart(source) === "chatgpt.com" || keyPart(source) === "chat.openai.com") return;
      key = `source:${keyPart(source)}`;
      title = `Links from ${source} have no utm_medium`;
    } else if (isUserValue(campaign)) {
      key = `campaign:${keyPart(campaign)}`;
      title = `Campaign ${campaign} has no utm_medium`;
    } else return;
    const entry = found.get(key) ?? { title, values: [], sessions: 0 };
    found.set(key, entry);
    entry.sessions += row.sessions;
    for (const value of [...(user ? [source] : []), ...(isUserValue(campaign) ? [campaign] : [])]) {
      if (entry.values.length < VALUES_PER_FINDING && !entry.values.includes(value)) {
        entry.values.push(value);
      }
    }
  };
  const blank = (raw: string | undefined) => raw === undefined || decodeParam(raw).trim() === "";
  for (const row of rows) {
    if (mediums.some((dimension) => isUserValue(row[dimension]))) continue;
    const landing = row.landingPagePlusQueryString;
    if (landing !== undefined && hasGoogleClickId(landing)) continue;
    const { sessionManualSource: source, sessionManualCampaignName: campaign } = row;
    if (mediums.length > 0 && (isUserValue(source) || isUserValue(campaign))) {
      report(row, source ?? "", campaign ?? "");
      continue;
    }
    if (landing === undefined) continue;
    const params = landingParams(landing);
    if (!blank(params.get("utm_medium"))) continue;
    const [landingSource, landingCampaign] = [params.get("utm_source"), params.get("utm_campaign")];
    if (blank(landingSource) && blank(landingCampaign)) continue;
    report(row, decodeParam(landingSource ?? "").trim(), decodeParam(landingCampaign ?? "").trim());
  }
  return [...found].map(([key, { title, values, sessions }]) => ({ key, title, values, sessions }));
}

describe("missing-utm-medium against its rule read row by row", () => {
  it("finds what parsing every row's landing URL finds", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    const landingPieces = [
      "/p",
      "?",
      "&",
      "#",
      "=",
      "utm_source=",
      "utm_medium=",
      "utm_campaign=",
      "UTM_Source=",
      "utm_source_platform=x",
      "news",
      "News",
      "%20",
      "+",
      "may",
      "(not set)",
      "chatgpt.com",
      "gclid=1",
      "%E0",
    ];
    const landing = joinedPieces(landingPieces, 10);
    const row = fc.record(
      {
        sessionMedium: pick(undefined, "(not set)", "email", " "),
        sessionManualMedium: pick(undefined, "(not set)", "cpc"),
        sessionManualSource: pick(undefined, "newsletter", "(not set)", "chatgpt.com", " News "),
        sessionManualCampaignName: pick(undefined, "may", "(not set)", "may sale"),
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        sessions: fc.integer({ min: 1, max: 9 }),
      },
      { requiredKeys: ["sessions"] },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
        expect(findingSummaries(runOn(missingUtmMedium, rows))).toEqual(
          expectedFindings(rows).sort(byKey),
        );
      }),
      { numRuns: 3_000 },
    );
  });
});
