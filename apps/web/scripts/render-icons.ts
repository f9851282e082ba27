/**
 * Draws the app icons and the link-preview image in public/ from the logo (the "U" mark of
 * src/components/layout/logo.tsx, as public/favicon.svg draws it), with the Chromium the e2e tests
 * use: `node apps/web/scripts/render-icons.ts` (CHROMIUM_PATH, default /usr/bin/chromium). The
 * output is committed; run this again only when the mark or the tagline changes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public");
const favicon = readFileSync(join(publicDir, "favicon.svg"), "utf8");
const BRAND = "#3b4fd8";
const MARK =
  '<path d="M9 9v8a7 7 0 0 0 14 0V9" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>';

/** The mark on a full square: app icons are cut to the platform's own shape (maskable). */
function squareIcon(size: number): string {
  // The mark inside the middle 60%, the safe zone of a maskable icon.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(6.4 6.4) scale(0.6)">${MARK}</g></svg>`;
}

const OG_IMAGE = `<div style="width:1200px;height:630px;box-sizing:border-box;padding:88px 96px;background:linear-gradient(135deg,#ffffff 0%,#eef0fd 100%);font-family:Inter,'Noto Sans','DejaVu Sans',sans-serif;color:#111827;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:24px">${favicon.replace("<svg ", '<svg width="96" height="96" ')}<span style="font-size:56px;font-weight:700;letter-spacing:-1px">Utmost</span></div>
  <div style="font-size:68px;font-weight:700;line-height:1.1;letter-spacing:-1.5px;max-width:980px">Find the UTM mistakes hiding in your GA4 data</div>
  <div style="font-size:30px;color:#4b5563">A health score, the issues behind it and how to fix each one.</div>
</div>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
const page = await browser.newPage();

async function shoot(html: string, width: number, height: number, file: string): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<body style="margin:0">${html}</body>`);
  const png = await page.screenshot({ clip: { x: 0, y: 0, width, height }, omitBackground: true });
  writeFileSync(join(publicDir, file), png);
  return png;
}

/** A .ico holding one PNG (Vista and later, every current browser), for clients that ask /favicon.ico. */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const small = await shoot(
  favicon.replace("<svg ", '<svg width="32" height="32" '),
  32,
  32,
  "favicon-32.png",
);
writeFileSync(join(publicDir, "favicon.ico"), icoOf(small, 32));
await shoot(squareIcon(180), 180, 180, "apple-touch-icon.png");
await shoot(squareIcon(192), 192, 192, "icon-192.png");
await shoot(squareIcon(512), 512, 512, "icon-512.png");
await shoot(OG_IMAGE, 1200, 630, "og-image.png");
await browser.close();
