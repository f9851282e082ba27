import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import type { ReportPdfInput } from "./report-pdf.ts";

const run = promisify(execFile);

/** A report's input with valid defaults: one complete, unsampled audit and no issues. */
export function reportPdfInput(overrides: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return {
    brand: { displayName: "Northwind Digital", brandColor: "#0f766e", logo: null },
    property: { name: "Contoso Store", ga4PropertyId: "412345678" },
    generatedAt: new Date("2026-11-24T10:00:00Z"),
    scan: {
      healthScore: 73,
      healthGrade: "B",
      dateRangeStart: "2026-08-24",
      dateRangeEnd: "2026-11-21",
      completedAt: new Date("2026-11-23T08:00:00Z"),
      isComplete: true,
      isSampled: false,
      samplingRate: null,
      isThresholded: false,
      dataDeletedSessions: 0,
    },
    trend: [{ score: 73, completedAt: new Date("2026-11-23T08:00:00Z") }],
    counts: { critical: 0, warning: 0, info: 0 },
    issues: [],
    ...overrides,
  };
}

/**
 * Poppler's pdftotext and pdfinfo on rendered reports, through a temporary directory the
 * enclosing `describe` makes and removes.
 */
export function usePoppler() {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "report-pdf-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  async function write(pdf: Buffer, name: string): Promise<string> {
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    return file;
  }
  return {
    async text(pdf: Buffer, name: string, options: string[] = []): Promise<string> {
      const { stdout } = await run("/usr/bin/pdftotext", [...options, await write(pdf, name), "-"]);
      return stdout;
    },
    async info(pdf: Buffer, name: string): Promise<string> {
      const { stdout } = await run("/usr/bin/pdfinfo", [await write(pdf, `${name}-info`)]);
      return stdout;
    },
  };
}
