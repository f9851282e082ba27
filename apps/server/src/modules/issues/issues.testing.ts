import type { Db } from "../../db/client.ts";
import { auditScans, dataSources, issueOccurrences, utmIssues } from "../../db/schema.ts";
import type { IssueRecord } from "../scans/scan-issues.ts";

/** Factories with valid defaults for the rows scans leave behind (STYLE.md, Tests). */

let counter = 0;

export async function insertDataSource(
  db: Db,
  values: { workspaceId: string } & Partial<typeof dataSources.$inferInsert>,
) {
  counter += 1;
  const [row] = await db
    .insert(dataSources)
    .values({
      name: `Property ${counter}`,
      ga4PropertyId: String(500_000_000 + counter),
      ga4AccountName: "Test Account",
      ...values,
    })
    .returning();
  if (!row) throw new Error("data source insert returned no row");
  return row;
}

export async function insertScan(
  db: Db,
  values: { dataSourceId: string } & Partial<typeof auditScans.$inferInsert>,
) {
  const [row] = await db
    .insert(auditScans)
    .values({
      status: "completed",
      healthScore: 72,
      healthGrade: "B",
      startedAt: new Date(),
      completedAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error("scan insert returned no row");
  return row;
}

export const GUIDE = {
  why_it_matters: "Sessions split across two campaign names.",
  how_to_fix: "Use lower case in every utm_campaign value.",
  example_wrong: "utm_campaign=Spring_Sale",
  example_correct: "utm_campaign=spring_sale",
  ga4_documentation_url: "https://support.google.com/analytics/answer/10917952",
};

/** A finding as a completing scan hands it to `completeScan`. */
export function issueRecord(key: string, severity: IssueRecord["severity"]): IssueRecord {
  return {
    issueType: "case-inconsistency",
    findingKey: key,
    title: `Finding ${key}`,
    description: "Campaign names differ only by case.",
    severity,
    affectedSessionsCount: 100,
    values: [key],
    examples: [],
    alsoFound: [],
    resolutionGuide: GUIDE,
  };
}

export async function insertIssue(
  db: Db,
  values: { dataSourceId: string } & Partial<typeof utmIssues.$inferInsert>,
) {
  counter += 1;
  const [row] = await db
    .insert(utmIssues)
    .values({
      issueType: "case-inconsistency",
      findingKey: `finding-${counter}`,
      title: `Issue ${counter}`,
      description: "Campaign names differ only by case.",
      severity: "warning",
      affectedSessionsCount: 120,
      values: ["Spring_Sale", "spring_sale"],
      examples: [{ values: { sessionCampaignName: "Spring_Sale" }, sessions: 80 }],
      resolutionGuide: GUIDE,
      ...values,
    })
    .returning();
  if (!row) throw new Error("issue insert returned no row");
  return row;
}

export async function insertOccurrence(
  db: Db,
  values: { issueId: string; scanId: string } & Partial<typeof issueOccurrences.$inferInsert>,
) {
  await db.insert(issueOccurrences).values({
    affectedSessionsCount: 100,
    values: ["Spring_Sale"],
    ...values,
  });
}

/** A date `days` days ago (fractions allowed). */
export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000);
}
