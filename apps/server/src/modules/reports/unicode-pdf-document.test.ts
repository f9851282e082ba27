import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnicodePdfDocument } from "./unicode-pdf-document.ts";

const run = promisify(execFile);

function render(draw: (doc: UnicodePdfDocument) => void): Promise<Buffer> {
  const doc = new UnicodePdfDocument({ size: "A4" });
  const done = new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
  });
  draw(doc);
  doc.end();
  return done;
}

describe("UnicodePdfDocument", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "unicode-pdf-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function fontsOf(pdf: Buffer): Promise<string> {
    const file = join(dir, "fonts.pdf");
    await writeFile(file, pdf);
    return (await run("/usr/bin/pdffonts", [file])).stdout;
  }

  it("embeds Noto in the weight asked for, by style() or by a Helvetica name, and no Helvetica", async () => {
    const fonts = await fontsOf(
      await render((doc) => {
        doc.style("bold").text("Bold by style");
        doc.font("Helvetica").text("Regular by name");
        doc.font("Helvetica-Oblique").text("Italic by name");
      }),
    );
    expect(fonts).toMatch(/NotoSans-Bold/);
    expect(fonts).toMatch(/NotoSans-Regular/);
    expect(fonts).toMatch(/NotoSans-Italic/);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it("draws a word whose shaped glyph means another letter than before in its own copy of the font", async () => {
    // Noto draws the initial ح and خ with one glyph body (the dot apart): two copies, one each.
    const fonts = await fontsOf(await render((doc) => doc.text("حملة خصم")));
    expect(fonts.match(/NotoSansArabic/g)).toHaveLength(2);
    const same = await fontsOf(await render((doc) => doc.text("حملة حملة")));
    expect(same.match(/NotoSansArabic/g)).toHaveLength(1);
  });
});
