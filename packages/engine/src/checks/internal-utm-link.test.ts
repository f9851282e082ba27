import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AuditData } from "../core/audit-data.ts";
import { createAuditor, runCheck } from "../core/auditor.ts";
import { FindingCollector } from "../core/findings.ts";
import {
  type AggregatedRow,
  type AuditContext,
  type AuditRow,
  DIMENSIONS,
  type Dimension,
  type Finding,
} from "../core/types.ts";
import {
  context,
  findingKeys,
  joinedPieces,
  runOn,
  unfolded,
  utmRow,
  withoutUndefined,
} from "../testing/support.ts";
import { internalUtmLink } from "./internal-utm-link.ts";

function landing(value: string, sessions = 10, extra: Partial<Record<Dimension, string>> = {}) {
  return { landingPagePlusQueryString: value, sessions, ...extra };
}

describe("internal-utm-link", () => {
  it("flags a utm_source naming a place on the site, one finding per source", () => {
    const result = runOn(internalUtmLink, [
      utmRow("homepage", "banner", "spring_sale", 60),
      utmRow("Homepage", "banner", "summer_sale", 10),
      utmRow("website", "(not set)", "(not set)", 5),
      utmRow("footer", "link", "newsletter_signup", 4),
      utmRow("pop-up", "cta", "welcome10", 3),
      utmRow("nav_menu", "internal", "sale", 2),
      utmRow("newsletter", "email", "spring_sale", 800),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(findingKeys(result)).toEqual([
      "source:footer",
      "source:homepage",
      "source:nav_menu",
      "source:pop-up",
      "source:website",
    ]);
    const homepage = result.findings.find((f) => f.key === "source:homepage");
    expect(homepage?.values).toEqual(["homepage", "Homepage"]);
    expect(homepage?.affectedSessions).toBe(70);
    expect(result.affectedSessions).toBe(84);
  });

  it("flags any source whose medium says the link is internal", () => {
    const result = runOn(internalUtmLink, [
      utmRow("spring_promo", "internal", "spring_sale", 9),
      utmRow("hero_banner", "on-site", "spring_sale", 6),
      utmRow("staff_news", "internal_email", "q3_update", 50),
    ]);
    expect(findingKeys(result)).toEqual(["source:hero_banner", "source:spring_promo"]);
    expect(result.findings.find((f) => f.key === "source:spring_promo")?.title).toContain(
      "utm_medium=internal",
    );
  });

  it("flags the site's own host, and its brand or blog only with a link-like medium", () => {
    const result = runOn(internalUtmLink, [
      utmRow("www.example.com", "banner", "spring_sale", 20),
      utmRow("example", "button", "spring_sale", 10),
      utmRow("blog", "link", "guide", 5),
      utmRow("example", "email", "newsletter_march", 500),
      utmRow("example", "qr", "packaging", 50),
      utmRow("blog", "referral", "guest_post", 40),
    ]);
    expect(findingKeys(result)).toEqual([
      "source:blog",
      "source:example",
      "source:www.example.com",
    ]);
    expect(result.affectedSessions).toBe(35);
  });

  it("leaves own host / referral without a tagged URL to self-referral", () => {
    const result = runOn(internalUtmLink, [
      utmRow("www.example.com", "referral", "(referral)", 50),
      utmRow("www.example.com", "referral", "(referral)", 5, {
        landingPagePlusQueryString: "/offer?utm_source=www.example.com&utm_medium=referral",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["source:www.example.com"]);
    expect(result.affectedSessions).toBe(5);
  });

  it("reads the source from the landing URL when the data has no source dimension", () => {
    const result = runOn(internalUtmLink, [
      landing("/sale?utm_source=sidebar&utm_medium=banner", 7),
      landing("/sale?utm_source=google&utm_medium=cpc", 70),
    ]);
    expect(findingKeys(result)).toEqual(["source:sidebar"]);
  });

  it("flags tagged landings on confirmation pages always, and in the funnel without an outside channel", () => {
    const result = runOn(internalUtmLink, [
      landing("/checkout/thank-you?utm_source=google&utm_medium=cpc", 9),
      landing("/en/checkout/step-2?utm_source=pdp&utm_medium=upsell", 6),
      landing("/cart?utm_source=product_page", 4),
      landing("/cart?utm_source=klaviyo&utm_medium=email&utm_campaign=abandoned_cart", 300),
      landing("/cart/123:1?utm_source=instagram&utm_medium=paid_social", 80),
      landing("/login?utm_source=app&utm_medium=push", 20),
      landing("/checkout?utm_source=criteo&utm_medium=display", 15),
      landing("/order?utm_source=flyer&utm_medium=print", 12),
      landing("/thank-you", 500),
    ]);
    expect(findingKeys(result)).toEqual([
      "funnel:/cart",
      "funnel:/checkout/thank-you",
      "funnel:/en/checkout",
    ]);
    expect(result.findings.find((f) => f.key === "funnel:/checkout/thank-you")?.values).toEqual([
      "/checkout/thank-you?utm_source=google&utm_medium=cpc",
    ]);
    expect(result.affectedSessions).toBe(19);
  });

  it("flags tagged landings reached from the site's own pages", () => {
    const result = runOn(internalUtmLink, [
      landing("/spring-sale?utm_campaign=spring_sale", 12, {
        pageReferrer: "https://www.example.com/",
      }),
      landing("/spring-sale?utm_campaign=spring_sale", 30, {
        pageReferrer: "https://mail.google.com/",
      }),
      landing("/pricing", 40, { pageReferrer: "https://www.example.com/features" }),
    ]);
    expect(findingKeys(result)).toEqual(["referrer:/spring-sale"]);
    expect(result.affectedSessions).toBe(12);
  });

  it("passes external campaigns, partner sites and look-alike words", () => {
    const result = runOn(internalUtmLink, [
      utmRow("google", "cpc", "brand", 100),
      utmRow("facebook", "paid_social", "spring_sale_2025"),
      utmRow("newsletter", "email", "spring_sale"),
      utmRow("partner_website", "referral", "co_marketing"),
      utmRow("techcrunch", "referral", "launch"),
      utmRow("banner", "display", "retargeting"),
      utmRow("footer", "email", "newsletter_march"),
      utmRow("internal", "email", "staff_update"),
      utmRow("homepage", "cpc", "brand"),
      utmRow("example_newsletter", "email", "weekly"),
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("without the site's hosts, still reads words but not hosts, brands or referrers", () => {
    const result = runOn(
      internalUtmLink,
      [
        utmRow("www.example.com", "banner", "spring_sale"),
        utmRow("example", "button", "spring_sale"),
        utmRow("homepage", "banner", "spring_sale"),
        landing("/sale?utm_medium=banner", 10, { pageReferrer: "https://www.example.com/" }),
      ],
      { siteHosts: [] },
    );
    expect(findingKeys(result)).toEqual(["source:homepage"]);
  });

  it("is skipped without a source or landing page dimension", () => {
    const result = runOn(internalUtmLink, [{ sessionMedium: "banner", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "needs landingPagePlusQueryString or sessionManualSource or sessionSource",
    );
  });
});

/** Rows aggregated as the auditor does (in order of first sight), and the dimensions they carry. */
function aggregated(rows: readonly AuditRow[], declared: readonly Dimension[]) {
  const groups = new Map<string, AggregatedRow>();
  const present = new Set<Dimension>(declared);
  for (const row of rows) {
    const values: { [D in Dimension]?: string } = {};
    for (const dimension of DIMENSIONS) {
      const value = row[dimension];
      if (value === undefined) continue;
      values[dimension] = value;
      present.add(dimension);
    }
    const key = JSON.stringify(values);
    const group = groups.get(key);
    if (group) {
      group.sessions += row.sessions;
      group.rows += 1;
    } else groups.set(key, { values, sessions: row.sessions, keyEvents: 0, rows: 1 });
  }
  return { rows: [...groups.values()], present };
}

/**
 * The ledger and, when given, a referrers view, each kept as row objects and linked as the
 * auditor links its views (the ledger's rows numbered first, then the referrers'): the view the
 * check reads.
 */
function objectData(
  ledgerRows: readonly AuditRow[],
  referrers: { rows: readonly AuditRow[]; dimensions: readonly Dimension[] } | undefined,
  auditContext: AuditContext,
): AuditData {
  const ledger = aggregated(ledgerRows, []);
  const other = referrers && aggregated(referrers.rows, referrers.dimensions);
  const totalSessions = ledger.rows.reduce((sum, row) => sum + row.sessions, 0);
  const sessionsById = new Float64Array(ledger.rows.length + (other?.rows.length ?? 0));
  const others: AuditData[] = [];
  const links = { totalSessions, others, sessionsById };
  const ledgerData = new AuditData(ledger.rows, ledger.present, auditContext, {
    ...links,
    view: "sessions",
    firstId: 0,
  });
  others.push(ledgerData);
  if (!other) return ledgerData;
  const referrerData = new AuditData(other.rows, other.present, auditContext, {
    ...links,
    view: "referrers",
    firstId: ledger.rows.length,
  });
  others.push(referrerData);
  return referrerData;
}

/** The check's findings on `data`, and each finding's row ids in the order they were added. */
function collected(data: AuditData): { findings: Finding[]; ids: [string, number[]][] } {
  const collector = new FindingCollector(data);
  internalUtmLink.run(data, collector);
  const findings = collector.findings();
  const ids = [...collector.rowsByKey()].map(([key, rows]): [string, number[]] => [key, [...rows]]);
  return { findings, ids };
}

describe("internal-utm-link read by value id", () => {
  it("finds what it finds in the same rows kept as objects, in every view layout", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    const landing = joinedPieces(
      [
        "/",
        "/spring-sale",
        "/checkout",
        "/cart",
        "/thank-you",
        "?",
        "&",
        "utm_source=homepage",
        "utm_source=www.example.com",
        "utm_source=newsletter",
        "utm_medium=banner",
        "utm_medium=email",
        "utm_campaign=sale",
        "UTM_Source=footer",
        "gclid=x",
        "%20",
      ],
      6,
    );
    const source = pick(
      undefined,
      "homepage",
      "footer",
      "www.example.com",
      "shop.example.com",
      "example",
      "blog",
      "newsletter",
      "google",
      "(not set)",
    );
    const medium = pick(undefined, "banner", "internal", "link", "email", "cpc", "referral", "qr");
    const row = fc.record(
      {
        sessionSource: source,
        sessionMedium: medium,
        sessionManualSource: source,
        sessionManualMedium: medium,
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        pageReferrer: pick(
          undefined,
          "https://www.example.com/",
          "https://shop.example.com/cart",
          "https://www.google.com/",
          "(not set)",
        ),
        sessions: fc.integer({ min: 1, max: 9 }),
      },
      { requiredKeys: ["sessions"] },
    );
    const referrerDimensions = fc.subarray<Dimension>([
      "landingPagePlusQueryString",
      "pageReferrer",
      "sessionSource",
      "sessionMedium",
      "sessionManualSource",
      "sessionManualMedium",
    ]);
    // The ledger alone, or a referrers view too with some of the dimensions: its own landings,
    // or the ledger's when it lacks them.
    const layout = fc.option(
      fc.record({ dimensions: referrerDimensions, rows: fc.array(row, { maxLength: 15 }) }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 15 }),
        layout,
        fc.boolean(),
        (generated, referrers, withHosts) => {
          const auditContext = context(withHosts ? {} : { siteHosts: [] });
          const ledgerRows = generated.map(withoutUndefined);
          // A view's rows carry only the dimensions it was asked for.
          const referrerRows = (referrers?.rows ?? []).map((generatedRow) =>
            withoutUndefined(
              Object.fromEntries(
                Object.entries(generatedRow).filter(
                  ([name]) =>
                    name === "sessions" || referrers?.dimensions.includes(name as Dimension),
                ),
              ),
            ),
          );
          // The auditor's data, kept as columns, as the check is run on it.
          let stored: AuditData | undefined;
          const watched = {
            ...internalUtmLink,
            run(data: AuditData, findings: FindingCollector) {
              stored = data;
              internalUtmLink.run(data, findings);
            },
          };
          const auditor = createAuditor(
            auditContext,
            [watched],
            referrers ? { views: { sessions: [], referrers: referrers.dimensions } } : {},
          );
          for (const ledgerRow of ledgerRows) auditor.add(ledgerRow);
          for (const referrerRow of referrerRows) auditor.add(referrerRow, "referrers");
          const [reported] = auditor.finish().checks;
          const objects = objectData(
            ledgerRows,
            referrers && { rows: referrerRows, dimensions: referrers.dimensions },
            auditContext,
          );
          const byObject = runCheck(internalUtmLink, objects);
          expect(reported?.status).toBe(byObject.status);
          expect(reported?.affectedSessions).toBe(byObject.affectedSessions);
          expect(reported?.findings.map(unfolded)).toEqual(byObject.findings);
          if (!stored) return;
          const byId = collected(stored);
          expect(byId).toEqual(collected(objects));
          // A finding on landings names each of its rows' landing (while it lists them all).
          for (const [key, ids] of byId.ids) {
            const finding = byId.findings.find((found) => found.key === key);
            if (key.startsWith("source:") || (finding?.values.length ?? 0) >= 20) continue;
            for (const id of ids) {
              const landingValue = objects.rowById(id)?.values.landingPagePlusQueryString;
              expect(finding?.values).toContain(landingValue);
            }
          }
          // Only the rows shown as examples were made objects, in any view.
          const views = new Set([stored, stored.other("sessions") ?? stored]);
          const made = [...views].reduce((sum, data) => sum + data.madeRows, 0);
          expect(made).toBeLessThanOrEqual(3 * byId.findings.length);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
