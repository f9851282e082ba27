import type { IssueSeverity } from "@utmost/contracts";
import { UnicodePdfDocument } from "./unicode-pdf-document.ts";

/**
 * The white-label PDF report of one property (issue 10, ADR 012): A4, the workspace's colour,
 * logo and name, the health score and grade, the trend of recent audits, the counts by severity
 * and the active issues with their resolution guides. It carries the brand only: the document's
 * metadata too (pdfkit would name itself as Producer and Creator otherwise). Everything from
 * users is drawn as plain text in embedded Noto fonts, so names in any script print as typed
 * (ADR 015).
 */

export interface ReportIssue {
  title: string;
  description: string;
  severity: IssueSeverity;
  affectedSessionsCount: number;
  values: readonly string[];
  resolutionGuide: {
    why_it_matters: string;
    how_to_fix: string;
    example_wrong: string;
    example_correct: string;
  };
}

export interface ReportPdfInput {
  brand: {
    displayName: string;
    /** "#rrggbb". */
    brandColor: string;
    logo: Buffer | null;
  };
  property: { name: string; ga4PropertyId: string };
  generatedAt: Date;
  scan: {
    healthScore: number;
    healthGrade: string;
    /** YYYY-MM-DD, inclusive. */
    dateRangeStart: string | null;
    dateRangeEnd: string | null;
    completedAt: Date | null;
    /** False when the quota ran out before every day was read. */
    isComplete: boolean;
    /** Google answered from a sample of events (its `samplingMetadatas`). */
    isSampled: boolean;
    /** The share of events the sample read, 0-1, when known. */
    samplingRate: number | null;
    /** Google withheld rows for privacy (`subjectToThresholding`). */
    isThresholded: boolean;
    /** Sessions whose attribution a data-deletion request removed: context, not a problem. */
    dataDeletedSessions: number;
  };
  /** The scores of recent completed audits, oldest first, ending with the report's own. */
  trend: readonly { score: number; completedAt: Date | null }[];
  counts: Record<IssueSeverity, number>;
  /** Most severe and most sessions first; only the first MAX_LISTED_ISSUES are drawn. */
  issues: readonly ReportIssue[];
}

/** Issues listed in full; the rest are counted ("and N more"). */
export const MAX_LISTED_ISSUES = 50;
/** Values shown per issue, each cut to a readable length. */
const MAX_VALUES = 8;
const MAX_VALUE_LENGTH = 120;

const PAGE_MARGIN = 50;
const HEADER_HEIGHT = 84;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#e5e7eb";
const SEVERITY_COLORS: Record<IssueSeverity, string> = {
  critical: "#b91c1c",
  warning: "#b45309",
  info: "#1d4ed8",
};
const SEVERITY_LABELS: Record<IssueSeverity, string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

/** Control characters would print as boxes; line breaks inside a value would break the layout. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function cut(text: string, length: number): string {
  const value = plain(text);
  return value.length > length ? `${value.slice(0, length - 1)}…` : value;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

function formatIsoDate(value: string): string {
  return formatDate(new Date(`${value}T00:00:00Z`));
}

const numberFormat = new Intl.NumberFormat("en-US");

/** White or dark text, whichever reads on the brand colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? "#111827" : "#ffffff";
}

function scoreColor(score: number): string {
  if (score >= 80) return "#15803d";
  if (score >= 60) return "#b45309";
  return "#b91c1c";
}

export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const brandName = plain(input.brand.displayName);
  const propertyName = plain(input.property.name);
  const title = `${propertyName} – UTM health report`;
  const doc = new UnicodePdfDocument({
    size: "A4",
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN + 20, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    info: {
      Title: title,
      Author: brandName,
      Subject: `UTM tracking health of ${propertyName}`,
      Creator: brandName,
      Producer: brandName,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  drawHeader(doc, input.brand, brandName);
  drawSummary(doc, input, propertyName);
  drawTrend(doc, input.trend, input.brand.brandColor);
  drawCounts(doc, input.counts);
  drawIssues(doc, input.issues);
  drawFooters(doc, brandName);
  doc.end();
  return done;
}

function contentWidth(doc: UnicodePdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function drawHeader(doc: UnicodePdfDocument, brand: ReportPdfInput["brand"], brandName: string) {
  const width = doc.page.width;
  const foreground = textOn(brand.brandColor);
  doc.save().rect(0, 0, width, HEADER_HEIGHT).fill(brand.brandColor).restore();
  let textX = PAGE_MARGIN;
  if (brand.logo) {
    try {
      doc.image(brand.logo, PAGE_MARGIN, 17, { fit: [150, 50], valign: "center" });
      textX = PAGE_MARGIN + 166;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the report.
    }
  }
  doc
    .fillColor(foreground)
    .style("bold")
    .fontSize(20)
    .text(brandName, textX, 30, {
      width: width - textX - PAGE_MARGIN,
      height: 28,
      ellipsis: true,
      lineBreak: false,
    });
  doc.y = HEADER_HEIGHT + 24;
  doc.x = PAGE_MARGIN;
}

/**
 * Partial, sampled, thresholded or deleted data, each in a sentence; none for a whole, exact
 * scan.
 */
export function dataNotes(scan: ReportPdfInput["scan"]): string[] {
  const notes: string[] = [];
  if (!scan.isComplete) {
    notes.push(
      "Partial audit: the property's Google Analytics quota ran out before every day was read; the score covers the data read.",
    );
  }
  if (scan.isSampled) {
    const sample =
      scan.samplingRate === null ? "a sample" : `a sample of ${percentDown(scan.samplingRate)}`;
    notes.push(
      `Sampled: Google answered this audit from ${sample} of the property's events, so session counts are estimates.`,
    );
  }
  if (scan.isThresholded) {
    notes.push(
      "Thresholded: Google withheld some rows to protect user privacy (data thresholds), so small values may be missing.",
    );
  }
  if (scan.dataDeletedSessions > 0) {
    notes.push(
      `Data deleted: ${scan.dataDeletedSessions.toLocaleString("en-US")} sessions read "(data deleted)" after a data-deletion request; no tagging fix applies, and no check counts them.`,
    );
  }
  return notes;
}

/** A share as a percentage rounded down, so a 99.96% sample never reads 100%. */
function percentDown(share: number): string {
  const digits = share < 0.01 ? 2 : 0;
  const scale = 10 ** (digits + 2);
  return `${(Math.floor(share * scale + 1e-9) / (scale / 100)).toFixed(digits)}%`;
}

function drawSummary(doc: UnicodePdfDocument, input: ReportPdfInput, propertyName: string) {
  const left = PAGE_MARGIN;
  const width = contentWidth(doc);
  doc.fillColor(MUTED).style("regular").fontSize(10).text("UTM HEALTH REPORT", left, doc.y, {
    characterSpacing: 1,
  });
  doc.moveDown(0.2);
  doc.fillColor(INK).style("bold").fontSize(20).text(propertyName, left, doc.y, { width });
  doc.moveDown(0.2);
  const { scan } = input;
  const range =
    scan.dateRangeStart && scan.dateRangeEnd
      ? `${formatIsoDate(scan.dateRangeStart)} – ${formatIsoDate(scan.dateRangeEnd)}`
      : "Not recorded";
  const lines = [
    `GA4 property ${plain(input.property.ga4PropertyId)}`,
    `Report date: ${formatDate(input.generatedAt)}`,
    `Audit date: ${scan.completedAt ? formatDate(scan.completedAt) : "Not recorded"}`,
    `Data range: ${range}`,
  ];
  doc.fillColor(MUTED).style("regular").fontSize(10);
  for (const line of lines) doc.text(line, left, doc.y, { width });
  // What the score rests on when it is not every row of every day: said as the app says it.
  for (const note of dataNotes(scan)) doc.text(note, left, doc.y, { width });

  // The score and grade, large, with the change since the previous audit.
  const top = doc.y + 18;
  const color = scoreColor(scan.healthScore);
  doc.save().roundedRect(left, top, width, 92, 6).fill("#f9fafb").restore();
  doc
    .fillColor(MUTED)
    .style("regular")
    .fontSize(10)
    .text("Health score", left + 20, top + 14);
  doc
    .fillColor(color)
    .style("bold")
    .fontSize(44)
    .text(String(scan.healthScore), left + 20, top + 30, { continued: true })
    .fillColor(MUTED)
    .style("regular")
    .fontSize(16)
    .text(" / 100");
  doc
    .fillColor(MUTED)
    .style("regular")
    .fontSize(10)
    .text("Grade", left + 190, top + 14);
  doc
    .fillColor(color)
    .style("bold")
    .fontSize(44)
    .text(plain(scan.healthGrade), left + 190, top + 30);
  doc
    .fillColor(MUTED)
    .style("regular")
    .fontSize(10)
    .text("Since the previous audit", left + 300, top + 14);
  const previous = input.trend.at(-2);
  const change = previous ? scan.healthScore - previous.score : null;
  const changeText =
    change === null
      ? "First audit"
      : change === 0
        ? "No change"
        : `${change > 0 ? "+" : "-"}${Math.abs(change)} points`;
  doc
    .fillColor(change === null || change === 0 ? INK : change > 0 ? "#15803d" : "#b91c1c")
    .style("bold")
    .fontSize(20)
    .text(changeText, left + 300, top + 36, { width: width - 320 });
  if (previous) {
    doc
      .fillColor(MUTED)
      .style("regular")
      .fontSize(9)
      .text(
        `from ${previous.score}${previous.completedAt ? ` on ${formatDate(previous.completedAt)}` : ""}`,
        left + 300,
        top + 62,
        { width: width - 320 },
      );
  }
  doc.x = left;
  doc.y = top + 92 + 22;
}

function sectionTitle(doc: UnicodePdfDocument, text: string) {
  doc
    .fillColor(INK)
    .style("bold")
    .fontSize(13)
    .text(text, PAGE_MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

function drawTrend(doc: UnicodePdfDocument, trend: ReportPdfInput["trend"], brandColor: string) {
  sectionTitle(
    doc,
    `Score trend (last ${trend.length} ${trend.length === 1 ? "audit" : "audits"})`,
  );
  const left = PAGE_MARGIN;
  const width = contentWidth(doc);
  const chartHeight = 90;
  const top = doc.y + 12;
  const bottom = top + chartHeight;
  doc.save().lineWidth(0.5).strokeColor(RULE);
  for (const level of [0, 50, 100]) {
    const y = bottom - (level / 100) * chartHeight;
    doc
      .moveTo(left + 24, y)
      .lineTo(left + width, y)
      .stroke();
    doc
      .fillColor(MUTED)
      .style("regular")
      .fontSize(7)
      .text(String(level), left, y - 3, { width: 18, align: "right" });
  }
  doc.restore();
  const slots = Math.max(trend.length, 1);
  const slot = (width - 30) / slots;
  const barWidth = Math.min(28, slot * 0.6);
  trend.forEach((point, index) => {
    const x = left + 30 + index * slot + (slot - barWidth) / 2;
    const height = Math.max(1, (point.score / 100) * chartHeight);
    const isLatest = index === trend.length - 1;
    doc
      .save()
      .rect(x, bottom - height, barWidth, height)
      .fillOpacity(isLatest ? 1 : 0.45)
      .fill(brandColor)
      .restore();
    doc
      .fillColor(INK)
      .style(isLatest ? "bold" : "regular")
      .fontSize(8)
      .text(String(point.score), x - 6, bottom - height - 11, {
        width: barWidth + 12,
        align: "center",
      });
    if (point.completedAt) {
      doc
        .fillColor(MUTED)
        .style("regular")
        .fontSize(6.5)
        .text(
          point.completedAt.toLocaleDateString("en-GB", {
            day: "numeric",
            month: "short",
            timeZone: "UTC",
          }),
          x - 10,
          bottom + 4,
          { width: barWidth + 20, align: "center" },
        );
    }
  });
  doc.x = left;
  doc.y = bottom + 26;
}

function drawCounts(doc: UnicodePdfDocument, counts: ReportPdfInput["counts"]) {
  sectionTitle(doc, "Active issues by severity");
  const left = PAGE_MARGIN;
  const gap = 12;
  const boxWidth = (contentWidth(doc) - gap * 2) / 3;
  const top = doc.y + 4;
  (["critical", "warning", "info"] as const).forEach((severity, index) => {
    const x = left + index * (boxWidth + gap);
    doc.save().roundedRect(x, top, boxWidth, 54, 5).fill("#f9fafb").restore();
    doc.save().rect(x, top, 4, 54).fill(SEVERITY_COLORS[severity]).restore();
    doc
      .fillColor(SEVERITY_COLORS[severity])
      .style("bold")
      .fontSize(22)
      .text(numberFormat.format(counts[severity]), x + 16, top + 9, { width: boxWidth - 24 });
    doc
      .fillColor(MUTED)
      .style("regular")
      .fontSize(9)
      .text(SEVERITY_LABELS[severity], x + 16, top + 36, { width: boxWidth - 24 });
  });
  doc.x = left;
  doc.y = top + 54 + 24;
}

function ensureSpace(doc: UnicodePdfDocument, needed: number) {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
}

function drawIssues(doc: UnicodePdfDocument, issues: ReportPdfInput["issues"]) {
  ensureSpace(doc, 80);
  sectionTitle(doc, `Issues to fix (${issues.length})`);
  const left = PAGE_MARGIN;
  const width = contentWidth(doc);
  if (issues.length === 0) {
    doc
      .fillColor(MUTED)
      .style("regular")
      .fontSize(10)
      .text("No active issues: every check passed in this audit.", left, doc.y, { width });
    return;
  }
  const listed = issues.slice(0, MAX_LISTED_ISSUES);
  listed.forEach((issue, index) => {
    ensureSpace(doc, 130);
    // A rule between issues, except at the top of a page.
    if (index > 0 && doc.y > doc.page.margins.top + 1) {
      doc.save().lineWidth(0.5).strokeColor(RULE);
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .stroke();
      doc.restore();
      doc.moveDown(0.6);
    }
    doc
      .fillColor(INK)
      .style("bold")
      .fontSize(11.5)
      .text(`${index + 1}. ${cut(issue.title, 300)}`, left, doc.y, { width });
    doc.moveDown(0.15);
    doc
      .fillColor(SEVERITY_COLORS[issue.severity])
      .style("bold")
      .fontSize(9)
      .text(SEVERITY_LABELS[issue.severity].toUpperCase(), left, doc.y, { continued: true })
      .fillColor(MUTED)
      .style("regular")
      .text(`   ${numberFormat.format(issue.affectedSessionsCount)} affected sessions`);
    doc.moveDown(0.3);
    const body = (label: string, text: string) => {
      doc
        .fillColor(INK)
        .style("bold")
        .fontSize(9)
        .text(`${label}: `, left, doc.y, { width, continued: true })
        .style("regular")
        .fillColor(INK)
        .text(text);
      doc.moveDown(0.2);
    };
    if (issue.description) body("What we found", cut(issue.description, 1000));
    if (issue.values.length > 0) {
      const shown = issue.values.slice(0, MAX_VALUES).map((value) => cut(value, MAX_VALUE_LENGTH));
      const more = issue.values.length - shown.length;
      body("Values", `${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`);
    }
    const guide = issue.resolutionGuide;
    body("Why it matters", cut(guide.why_it_matters, 1500));
    body("How to fix", cut(guide.how_to_fix, 1500));
    body("Wrong", cut(guide.example_wrong, 500));
    body("Correct", cut(guide.example_correct, 500));
    doc.moveDown(0.6);
  });
  const rest = issues.length - listed.length;
  if (rest > 0) {
    ensureSpace(doc, 30);
    doc
      .fillColor(MUTED)
      .style("italic")
      .fontSize(10)
      .text(
        `and ${numberFormat.format(rest)} more ${rest === 1 ? "issue" : "issues"}, not listed here.`,
        left,
        doc.y,
        { width },
      );
  }
}

function drawFooters(doc: UnicodePdfDocument, brandName: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { width, height } = doc.page;
    // Drawn inside the bottom margin; without this pdfkit would start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = height - PAGE_MARGIN + 10;
    doc.save().lineWidth(0.5).strokeColor(RULE);
    doc
      .moveTo(PAGE_MARGIN, y - 8)
      .lineTo(width - PAGE_MARGIN, y - 8)
      .stroke();
    doc.restore();
    doc
      .fillColor(MUTED)
      .style("regular")
      .fontSize(8)
      .text(brandName, PAGE_MARGIN, y, {
        width: (width - PAGE_MARGIN * 2) / 2,
        lineBreak: false,
        ellipsis: true,
        height: 10,
      });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, width / 2, y, {
      width: width / 2 - PAGE_MARGIN,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
