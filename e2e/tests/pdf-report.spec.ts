import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser.ts";
import { signIn } from "../support/journeys.ts";

const run = promisify(execFile);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A small valid PNG (16 × 16, a blue square on orange), made here so no fixture is needed. */
function logoPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) {
      const inner = x >= 4 && x < 12 && y >= 4 && y < 12;
      rows.push(...(inner ? [29, 78, 216] : [234, 88, 12]));
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * White-label PDF reports (issue 10): the demo login, on Agency, brands its workspace's reports
 * in Settings → Workspace, generates the demo property's PDF from its health report and gets a
 * file that renders, carries the brand and nothing of the product's own name.
 */
describe("white-label PDF report", () => {
  const browser = useBrowser();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "utmost-pdf-report-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("brands the workspace, generates the property's PDF and downloads it", async () => {
    const { page } = browser;
    await signIn(browser);

    // Settings → Workspace: the report's name, colour and logo.
    await page.goto(browser.url("/settings/workspace"));
    await page.getByRole("heading", { name: "Report branding" }).waitFor();
    const name = page.getByLabel("Display name", { exact: true });
    await name.fill("Northwind Digital");
    await page.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "northwind.png", mimeType: "image/png", buffer: logoPng() });
    await page.getByText("Logo uploaded").waitFor();
    await page.getByRole("img", { name: "Report logo" }).waitFor();
    // The upload leaves the name and colour being edited as they were.
    expect(await name.inputValue()).toBe("Northwind Digital");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Report branding saved").waitFor();

    // The demo property's health report: generate, wait, download.
    await page.goto(browser.url("/dashboard"));
    await page.getByRole("link", { name: "View Full Report" }).first().click();
    await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
    await page.getByRole("button", { name: "Generate PDF report" }).click();
    const downloadLink = page.getByRole("link", { name: "Download PDF" });
    await downloadLink.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^northwind-digital-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = path.join(dir, "report.pdf");
    await copyFile((await download.path()) as string, file);
    expect((await readFile(file)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The first page renders to an image with something on it.
    await run("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
    const images = (await readdir(dir)).filter((entry) => /^page-\d+\.png$/.test(entry));
    expect(images).toHaveLength(1);
    const image = await readFile(path.join(dir, images[0] as string));
    expect(image.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(image.readUInt32BE(16)).toBeGreaterThan(200); // width at 50 dpi: A4 is about 413 px
    expect(image.length).toBeGreaterThan(5_000);

    // Its text carries the brand and never the product's name.
    const { stdout: text } = await run("pdftotext", ["-f", "1", "-l", "1", file, "-"]);
    expect(text).toContain("Northwind Digital");
    expect(text.toLowerCase()).not.toContain("utmost");
  }, 120_000);
});
