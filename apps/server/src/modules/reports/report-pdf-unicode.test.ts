import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./report-fonts.ts";
import { reportPdfInput, usePoppler } from "./report-pdf.testing.ts";
import { type ReportPdfInput, renderReportPdf } from "./report-pdf.ts";

const PROPERTY = "東京ストア Москва متجر الرياض 🎉";
const BRAND = "Агентство Север 北風 وكالة الشمال";

function input(): ReportPdfInput {
  return reportPdfInput({
    brand: { displayName: BRAND, brandColor: "#0f766e", logo: null },
    property: { name: PROPERTY, ga4PropertyId: "412345678" },
    counts: { critical: 1, warning: 0, info: 0 },
    issues: [
      {
        title: "Campaign names differ only by case: 春のセール",
        description: "Sessions split between Sale: خصم خاص and 中文活动.",
        severity: "critical",
        affectedSessionsCount: 5400,
        // حملة and خصم start with one shared letter body (ح, خ) told apart by a dot only.
        values: ["春のセール", "летняя_распродажа", "حملة", "خصم", "🔥sale", "中文活动"],
        resolutionGuide: {
          why_it_matters: "GA4 treats values as case-sensitive.",
          how_to_fix: "Use one spelling in every utm_campaign value.",
          example_wrong: "utm_campaign=Летняя",
          example_correct: "utm_campaign=летняя",
        },
      },
    ],
  });
}

describe("the PDF report in other scripts", () => {
  const poppler = usePoppler();

  async function textOf(pdf: Buffer): Promise<string> {
    // pdftotext brackets right-to-left stretches with bidi embedding marks.
    return (await poppler.text(pdf, "unicode")).replace(/[\u202a-\u202e]/g, "");
  }

  it("reads back Japanese, Chinese, Cyrillic and Arabic exactly through pdftotext", async () => {
    const text = await textOf(await renderReportPdf(input()));
    for (const expected of [
      "Агентство Север 北風 وكالة الشمال",
      "東京ストア Москва",
      "متجر الرياض",
      "春のセール",
      "летняя_распродажа",
      "中文活动",
      "utm_campaign=Летняя",
      "Campaign names differ only by case: 春のセール",
    ]) {
      expect(text).toContain(expected);
    }
    // Each Arabic word whole and in order of its letters, the dotted letter kept apart.
    expect(text).toMatch(/(^|\s)حملة(,|\s)/u);
    expect(text).toMatch(/(^|\s)خصم(,|\s)/u);
    expect(text).toContain("🔥sale");
    expect(text).toMatch(/Page 1 of 1/);
  });

  it("reads back Korean exactly, Hangul beside the Han characters it shares", async () => {
    const report = input();
    report.property.name = "한국어 Store 서울점";
    report.brand = { displayName: "대한 마케팅 大韓", brandColor: "#0f766e", logo: null };
    const text = await textOf(await renderReportPdf(report));
    expect(text).toContain("한국어 Store 서울점");
    expect(text).toContain("대한 마케팅 大韓");
    expect(text).not.toContain("\uFFFD");
  });

  it("prints a replacement mark for a character no embedded font has, and keeps the rest", async () => {
    const report = input();
    // Ethiopic: no Noto family the report embeds has it.
    report.property.name = "ሰላም Store";
    const text = await textOf(await renderReportPdf(report));
    expect(text).toContain("\uFFFD\uFFFD\uFFFD Store");
  });

  it("unwraps a WOFF file into the TrueType font it carries", () => {
    expect(() => woffToSfnt(Buffer.from("not a font"))).toThrow("Not a WOFF 1.0 font");
  });
});
