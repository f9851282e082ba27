import { crc32, inflateSync } from "node:zlib";
import { BRAND_LOGO_MAX_BYTES, type BrandLogoContentType } from "@utmost/contracts";
import PDFDocument from "pdfkit";
import { AppError } from "../../lib/errors.ts";

/**
 * A logo upload, checked before it is kept: the data URL is decoded, the image type is read
 * from the file's own first bytes (a label can lie), the size is capped, and the image must be
 * one the PDF renderer can open. pdfkit decodes PNG pixels in a callback where an error cannot be
 * caught, so a PNG is fully checked here (chunks, CRCs, inflated size, row filters) first.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** Wider or taller than this is no logo, and could inflate to gigabytes. */
const MAX_LOGO_SIDE = 4096;

/** PNG or JPEG by magic bytes; null for anything else. */
export function sniffImageType(bytes: Buffer): BrandLogoContentType | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image inside a `data:<type>;base64,<bytes>` URL, validated. */
export function decodeLogoDataUrl(dataUrl: string): {
  bytes: Buffer;
  contentType: BrandLogoContentType;
} {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match?.[2]?.split(";").includes("base64")) {
    throw new AppError(
      "VALIDATION_FAILED",
      "The logo must be sent as a base64 data URL (data:image/png;base64,...)",
    );
  }
  const payload = (match[3] ?? "").replace(/\s+/g, "");
  if (payload.length % 4 === 1 || !BASE64.test(payload)) {
    throw new AppError("VALIDATION_FAILED", "The logo's base64 data is malformed");
  }
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length === 0) throw new AppError("VALIDATION_FAILED", "The logo file is empty");
  if (bytes.length > BRAND_LOGO_MAX_BYTES) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The logo is ${formatKb(bytes.length)}; it must be at most ${formatKb(BRAND_LOGO_MAX_BYTES)}`,
    );
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The logo must be a PNG or JPEG image");
  }
  const problem = contentType === "image/png" ? pngProblem(bytes) : jpegProblem(bytes);
  if (problem) {
    const kind = contentType === "image/png" ? "PNG" : "JPEG";
    throw new AppError("VALIDATION_FAILED", `The logo is not a readable ${kind} image: ${problem}`);
  }
  return { bytes, contentType };
}

function formatKb(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** What is wrong with a PNG file, or null when pdfkit can embed it. */
export function pngProblem(bytes: Buffer): string | null {
  let offset = PNG_SIGNATURE.length;
  let header: {
    width: number;
    height: number;
    bits: number;
    color: number;
    interlaced: boolean;
  } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (!ended) {
    if (offset + 12 > bytes.length) return "the file is truncated";
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return "the file is truncated";
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== bytes.readUInt32BE(offset + 8 + length)) return "a chunk is corrupt";
    const type = typeAndData.subarray(0, 4).toString("latin1");
    const body = typeAndData.subarray(4);
    if (header === null && type !== "IHDR") return "the header is missing";
    if (type === "IHDR") {
      if (body.length !== 13) return "the header is malformed";
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bits: body[8] ?? 0,
        color: body[9] ?? -1,
        interlaced: body[12] === 1,
      };
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      ended = true;
    }
    offset = end;
  }
  if (!header) return "the header is missing";
  const { width, height, bits, color, interlaced } = header;
  const channels = CHANNELS[color];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(bits)) return "unsupported pixel format";
  if (width === 0 || height === 0) return "the image is empty";
  if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    return `it is larger than ${MAX_LOGO_SIDE} × ${MAX_LOGO_SIDE} pixels`;
  }
  if (data.length === 0) return "it holds no image data";
  const passes = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)])
    : [[width, height]];
  const rows: number[] = [];
  for (const [w = 0, h = 0] of passes) {
    if (w <= 0 || h <= 0) continue;
    const rowBytes = 1 + Math.ceil((w * channels * bits) / 8);
    for (let y = 0; y < h; y += 1) rows.push(rowBytes);
  }
  const expected = rows.reduce((sum, n) => sum + n, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return "its image data is corrupt";
  }
  if (pixels.length !== expected) return "its image data has the wrong size";
  let position = 0;
  for (const rowBytes of rows) {
    if ((pixels[position] ?? 255) > 4) return "its image data is corrupt";
    position += rowBytes;
  }
  return null;
}

/** What is wrong with a JPEG file, or null when pdfkit can embed it (it reads JPEGs at once). */
function jpegProblem(bytes: Buffer): string | null {
  try {
    const doc = new PDFDocument({ size: [10, 10] });
    doc.image(bytes, 0, 0, { width: 1 });
    return null;
  } catch {
    return "its markers are malformed";
  }
}
