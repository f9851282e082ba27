import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAuditor } from "../core/auditor.ts";
import type { CheckDefinition } from "../core/check.ts";
import type { AuditRow, Dimension } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  autoTaggedPlatform,
  hasGoogleClickId,
  isGa4PaidMedium,
  keyPart,
} from "../rules/tagging.ts";
import {
  context,
  findingKeys,
  joinedPieces,
  runOn,
  utmRow,
  withoutRowObjects,
  withoutUndefined,
} from "../testing/support.ts";
import { missingUtmCampaign } from "./missing-utm-campaign.ts";

describe("missing-utm-campaign", () => {
  it("flags tagged email traffic without a campaign as a warning", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("newsletter", "email", "(not set)", 90),
      utmRow("newsletter", "email", "may_newsletter_2025", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("warning");
    expect(findingKeys(result)).toEqual(["source:newsletter|medium:email"]);
    expect(result.findings[0]?.values).toEqual(["newsletter", "email"]);
    expect(result.findings[0]?.severity).toBe("warning");
    expect(result.affectedSessions).toBe(90);
  });

  it("raises paid traffic without a campaign to critical", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("facebook", "paid_social", "(not set)", 200),
      utmRow("Facebook", "Paid_Social", "", 20),
      utmRow("news-site.com", "banner", "(not set)", 30),
      utmRow("newsletter", "email", "(not set)", 10),
    ]);
    expect(result.severity).toBe("critical");
    const facebook = result.findings.find((f) => f.key === "source:facebook|medium:paid_social");
    expect(facebook?.severity).toBe("critical");
    expect(facebook?.affectedSessions).toBe(220);
    expect(result.findings.find((f) => f.key.includes("banner"))?.severity).toBe("critical");
    expect(result.findings.find((f) => f.key.includes("email"))?.severity).toBe("warning");
  });

  it("passes organic search, referrals, direct and campaigns identified by utm_id", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("google", "organic", "(organic)"),
      utmRow("bing", "organic", "(not set)"),
      utmRow("partner-site.com", "referral", "(referral)"),
      utmRow("(direct)", "(none)", "(direct)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("newsletter", "email", "(not set)", 50, { sessionManualCampaignId: "cmp_2025_05" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves auto-tagged Google Ads clicks alone, but not a hand-tagged google / cpc link", () => {
    const autoTagged = runOn(missingUtmCampaign, [
      utmRow("google", "cpc", "(not set)", 400),
      utmRow("google", "cpc", "(not set)", 40, { landingPagePlusQueryString: "/?gclid=Cj0KCQ" }),
    ]);
    expect(autoTagged.status).toBe("passed");
    const handTagged = runOn(missingUtmCampaign, [
      utmRow("google", "cpc", "(not set)", 40, {
        landingPagePlusQueryString: "/?utm_source=google&utm_medium=cpc",
      }),
    ]);
    expect(findingKeys(handTagged)).toEqual(["source:google|medium:cpc"]);
  });

  it("is skipped without manual source and medium dimensions", () => {
    const result = runOn(missingUtmCampaign, [
      {
        sessionSource: "newsletter",
        sessionMedium: "email",
        sessionCampaignName: "x",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource, sessionManualMedium");
  });
});

/** The check's rule read row by row, each row an object, adding each reported row as it comes. */
const readRowByRow: CheckDefinition = {
  ...missingUtmCampaign,
  run(data, findings) {
    const campaignDimension = data.utmDimension("campaign");
    for (const row of data.rows) {
      const source = row.values.sessionManualSource;
      const medium = row.values.sessionManualMedium;
      if (!isUserValue(source) || !isUserValue(medium)) continue;
      if (keyPart(medium) === "organic" || keyPart(medium) === "referral") continue;
      if (campaignDimension && isUserValue(row.values[campaignDimension])) continue;
      if (isUserValue(row.values.sessionManualCampaignId)) continue;
      const landing = row.values.landingPagePlusQueryString ?? "";
      if (hasGoogleClickId(landing)) continue;
      if (autoTaggedPlatform(source, medium) && !/[?&]utm_source=[^&#]/i.test(landing)) continue;
      findings.add(
        `source:${keyPart(source)}|medium:${keyPart(medium)}`,
        `No utm_campaign on ${source} / ${medium}`,
        row,
        {
          values: [source, medium],
          field: campaignDimension ?? "sessionManualCampaignName",
          severity: isGa4PaidMedium(medium) ? "critical" : "warning",
        },
      );
    }
  },
};

/** Rows of the details view, which may lack the manual campaign the ledger has. */
interface Details {
  withCampaign: boolean;
  rows: readonly AuditRow[];
}

/**
 * The check's result when the auditor keeps its rows as columns: on the ledger, or on the
 * details view when its rows are given.
 */
function audited(check: CheckDefinition, rows: readonly AuditRow[], details?: Details) {
  const detailsDimensions: Dimension[] = [
    "sessionManualSource",
    "sessionManualMedium",
    "sessionManualCampaignId",
    "landingPagePlusQueryString",
  ];
  if (details?.withCampaign) detailsDimensions.push("sessionManualCampaignName");
  const views = {
    sessions: [...detailsDimensions, "sessionManualCampaignName", "sessionCampaignName"] as const,
    details: detailsDimensions,
  };
  const auditor = createAuditor(context(), [check], details ? { views } : {});
  for (const row of rows) auditor.add(row);
  for (const row of details?.rows ?? []) auditor.add(row, "details");
  return auditor.finish().checks[0];
}

describe("missing-utm-campaign against its rule read row by row", () => {
  const pick = <T>(...options: T[]) => fc.constantFrom(...options);
  const landing = joinedPieces(
    [
      "/p",
      "?",
      "&",
      "#",
      "x",
      "gclid=Cj0",
      "GBRAID=",
      "utm_source=",
      "utm_source=google",
      "UTM_SOURCE=x",
    ],
    5,
  );
  const traffic = {
    sessionManualSource: pick(undefined, "google", "facebook", "Facebook", "dbm", "(not set)", ""),
    sessionManualMedium: pick(
      undefined,
      "cpc",
      "CPC ",
      "cpm",
      "email",
      "Organic",
      "referral",
      "(not set)",
    ),
    sessionManualCampaignId: pick(undefined, "cmp_1", "(not set)"),
    landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
    sessions: fc.integer({ min: 1, max: 5 }),
  };
  const campaign = pick(undefined, "spring", "(not set)", "");
  const ledgerRow = fc.record(
    { ...traffic, sessionManualCampaignName: campaign, sessionCampaignName: campaign },
    { requiredKeys: ["sessions"] },
  );
  const detailsRow = fc.record(
    { ...traffic, sessionManualCampaignName: campaign },
    { requiredKeys: ["sessions"] },
  );

  it("finds the same findings, rows, examples and severities on the ledger", () => {
    fc.assert(
      fc.property(fc.array(ledgerRow, { minLength: 3, maxLength: 25 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        expect(withoutRowObjects(() => audited(missingUtmCampaign, rows))).toEqual(
          audited(readRowByRow, rows),
        );
      }),
      { numRuns: 150 },
    );
  });

  it("finds the same on the details view, with or without the campaign there", () => {
    fc.assert(
      fc.property(
        fc.array(ledgerRow, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        fc.array(detailsRow, { minLength: 3, maxLength: 20 }),
        (generated, withCampaign, generatedDetails) => {
          const rows = generated.map(withoutUndefined);
          const details = {
            withCampaign,
            rows: generatedDetails.map((row) =>
              withoutUndefined(
                withCampaign ? row : { ...row, sessionManualCampaignName: undefined },
              ),
            ),
          };
          expect(withoutRowObjects(() => audited(missingUtmCampaign, rows, details))).toEqual(
            audited(readRowByRow, rows, details),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
