import { describe, expect, it } from "vitest";
import { tinyPng } from "../branding/branding.testing.ts";
import { reportPdfInput, usePoppler } from "./report-pdf.testing.ts";
import {
  MAX_LISTED_ISSUES,
  type ReportIssue,
  type ReportPdfInput,
  renderReportPdf,
} from "./report-pdf.ts";

function issue(overrides: Partial<ReportIssue> = {}): ReportIssue {
  return {
    title: "Campaign names differ only by case",
    description: "Sessions split across two campaign names.",
    severity: "warning",
    affectedSessionsCount: 1200,
    values: ["Spring_Sale", "spring_sale"],
    resolutionGuide: {
      why_it_matters: "GA4 treats values as case-sensitive.",
      how_to_fix: "Use lower case in every utm_campaign value.",
      example_wrong: "utm_campaign=Spring_Sale",
      example_correct: "utm_campaign=spring_sale",
    },
    ...overrides,
  };
}

function input(overrides: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return reportPdfInput({
    brand: { displayName: "Northwind Digital", brandColor: "#0f766e", logo: tinyPng() },
    trend: [
      { score: 61, completedAt: new Date("2026-11-01T08:00:00Z") },
      { score: 68, completedAt: new Date("2026-11-15T08:00:00Z") },
      { score: 73, completedAt: new Date("2026-11-23T08:00:00Z") },
    ],
    counts: { critical: 1, warning: 2, info: 0 },
    issues: [
      issue({
        title: "Paid traffic lands in Unassigned",
        severity: "critical",
        affectedSessionsCount: 5400,
      }),
      issue(),
      issue({ title: "Source has trailing spaces <b>bold</b> %PDF-", values: ["facebook "] }),
    ],
    ...overrides,
  });
}

describe("the PDF report", () => {
  const poppler = usePoppler();
  const textOf = (pdf: Buffer, name: string) => poppler.text(pdf, name, ["-layout"]);
  const infoOf = (pdf: Buffer, name: string) => poppler.info(pdf, name);

  it("shows the brand, the score, the trend and the issues, and nothing of the product", async () => {
    const pdf = await renderReportPdf(input());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await textOf(pdf, "full");
    expect(text).toContain("Northwind Digital");
    expect(text).toContain("Contoso Store");
    expect(text).toContain("GA4 property 412345678");
    expect(text).toContain("73");
    expect(text).toMatch(/\+5 points/);
    expect(text).toContain("Paid traffic lands in Unassigned");
    expect(text).toContain("Source has trailing spaces <b>bold</b> %PDF-");
    expect(text).toContain("utm_campaign=spring_sale");
    expect(text).toMatch(/Page 1 of \d/);
    // Most severe first.
    expect(text.indexOf("Paid traffic lands")).toBeLessThan(text.indexOf("Campaign names differ"));
    expect(text.toLowerCase()).not.toContain("utmost");
    expect(pdf.toString("latin1").toLowerCase()).not.toContain("utmost");
    expect(pdf.toString("latin1")).not.toContain("PDFKit");
  });

  it("says when the audit rests on partial, sampled or thresholded data, and not otherwise", async () => {
    const exact = await textOf(await renderReportPdf(input()), "exact");
    expect(exact).not.toMatch(/Partial audit|Sampled|Thresholded|Data deleted/);
    const scan = {
      ...input().scan,
      isComplete: false,
      isSampled: true,
      samplingRate: 0.2999,
      isThresholded: true,
      dataDeletedSessions: 1250,
    };
    const text = (await textOf(await renderReportPdf(input({ scan })), "estimates")).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("Partial audit: the property's Google Analytics quota ran out");
    expect(text).toContain(
      "Sampled: Google answered this audit from a sample of 29% of the property's events, so session counts are estimates.",
    );
    expect(text).toContain("Thresholded: Google withheld some rows to protect user privacy");
    expect(text).toContain('Data deleted: 1,250 sessions read "(data deleted)"');
  });

  it("names the brand in the document's metadata", async () => {
    const info = await infoOf(await renderReportPdf(input()), "meta");
    expect(info).toMatch(/Title:\s+Contoso Store/);
    expect(info).toMatch(/Author:\s+Northwind Digital/);
    expect(info).toMatch(/Creator:\s+Northwind Digital/);
    expect(info).toMatch(/Producer:\s+Northwind Digital/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it("lists the first issues and counts the rest, without a logo or an earlier audit", async () => {
    const many = Array.from({ length: MAX_LISTED_ISSUES + 7 }, (_, n) =>
      issue({ title: `Numbered issue ${n + 1}` }),
    );
    const pdf = await renderReportPdf(
      input({
        brand: { displayName: "Solo Brand", brandColor: "#fde047", logo: null },
        trend: [{ score: 73, completedAt: null }],
        issues: many,
      }),
    );
    const text = await textOf(pdf, "many");
    expect(text).toContain(`Numbered issue ${MAX_LISTED_ISSUES}`);
    expect(text).not.toContain(`Numbered issue ${MAX_LISTED_ISSUES + 1}`);
    expect(text).toContain("and 7 more issues");
    expect(text).toContain("First audit");
    expect(text).toContain("Solo Brand");
  });
});
