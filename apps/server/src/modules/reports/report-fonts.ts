import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";

/**
 * The fonts of the PDF report (ADR 015): Noto Sans first, then Noto Sans Arabic, Noto Sans SC
 * (Chinese and Japanese) and Noto Emoji, all OFL and from npm (@fontsource). Fontsource splits a
 * family into subset files by Unicode range (its unicode.json); a file is read only when a text
 * needs one of its characters, and chosen only if fontkit says it has the glyph.
 */

export type TextStyle = "regular" | "bold" | "italic";

interface Subset {
  /** File stem, e.g. "noto-sans-cyrillic". */
  stem: string;
  ranges: readonly (readonly [number, number])[];
}

interface Family {
  packageName: string;
  subsets: readonly Subset[];
  hasItalic: boolean;
  /** Shaped scripts: one glyph can stand for several characters, or one for several forms. */
  shaped: boolean;
  rightToLeft: boolean;
  /** Subsets another family already covers (Latin in the Arabic family). */
  skip: readonly string[];
}

export interface FontFace {
  /** The name the document registers the file under. */
  key: string;
  path: string;
  shaped: boolean;
  rightToLeft: boolean;
}

const require = createRequire(import.meta.url);

function parseRanges(list: string): [number, number][] {
  return list.split(",").map((item) => {
    const [low, high] = item.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(low ?? "", 16);
    return [start, high ? Number.parseInt(high, 16) : start];
  });
}

function loadFamily(
  packageName: string,
  options: Omit<Family, "packageName" | "subsets" | "skip"> & { skip?: string[] },
): Family {
  const root = dirname(require.resolve(`${packageName}/package.json`));
  const { id } = JSON.parse(readFileSync(join(root, "metadata.json"), "utf8")) as { id: string };
  const unicode = JSON.parse(readFileSync(join(root, "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  const skip = options.skip ?? [];
  const subsets = Object.entries(unicode)
    .filter(([name]) => !skip.includes(name))
    .map(([name, ranges]) => ({
      stem: join(root, "files", `${id}-${name.replace(/[[\]]/g, "")}`),
      ranges: parseRanges(ranges),
    }));
  return { packageName, subsets, skip, ...options };
}

let families: Family[] | null = null;

/** In fallback order; read on first use so a server that never renders a PDF never reads them. */
function fallbackFamilies(): Family[] {
  families ??= [
    loadFamily("@fontsource/noto-sans", { hasItalic: true, shaped: false, rightToLeft: false }),
    loadFamily("@fontsource/noto-sans-arabic", {
      hasItalic: false,
      shaped: true,
      rightToLeft: true,
      skip: ["latin", "latin-ext"],
    }),
    loadFamily("@fontsource/noto-sans-sc", { hasItalic: false, shaped: false, rightToLeft: false }),
    // Hangul. After SC, so the Han characters Korean shares keep one form in a report.
    loadFamily("@fontsource/noto-sans-kr", {
      hasItalic: false,
      shaped: false,
      rightToLeft: false,
      skip: ["latin", "latin-ext", "cyrillic", "vietnamese"],
    }),
    loadFamily("@fontsource/noto-emoji", { hasItalic: false, shaped: true, rightToLeft: false }),
  ];
  return families;
}

const WEIGHT: Record<TextStyle, string> = {
  regular: "400-normal",
  bold: "700-normal",
  italic: "400-italic",
};

function facePath(family: Family, subset: Subset, style: TextStyle): string {
  const variant = style === "italic" && !family.hasItalic ? WEIGHT.regular : WEIGHT[style];
  // WOFF (zlib), not WOFF2: fontkit subsets WOFF as plain TrueType for embedding.
  return `${subset.stem}-${variant}.woff`;
}

/**
 * A WOFF 1.0 file as the plain TrueType font it wraps (https://www.w3.org/TR/WOFF/#OverallStructure):
 * each table inflated once with Node's zlib. Handed WOFF, fontkit inflates every table again in
 * JavaScript on each parse, which made a report with a few scripts take seconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 font");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  woff.copy(header, 0, 4, 8);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const files = new Map<string, Buffer>();
const parsed = new Map<string, fontkit.Font>();

/** The font at `path` as TrueType bytes, read and unwrapped once per process. */
export function fontFile(path: string): Buffer {
  let bytes = files.get(path);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(path));
    files.set(path, bytes);
  }
  return bytes;
}

const copies = new Map<string, Buffer>();

/**
 * The font at `path` again, as a file pdfkit will embed separately: pdfkit shares one embedded
 * font between files whose `head` checksum adjustment and names agree, so the copy's adjustment
 * is changed (nothing reads it to draw).
 */
export function fontFileCopy(path: string, copy: number): Buffer {
  if (copy === 0) return fontFile(path);
  const key = `${path}#${copy}`;
  let bytes = copies.get(key);
  if (!bytes) {
    bytes = Buffer.from(fontFile(path));
    const numTables = bytes.readUInt16BE(4);
    for (let index = 0; index < numTables; index += 1) {
      const record = 12 + index * 16;
      if (bytes.toString("latin1", record, record + 4) !== "head") continue;
      const adjustment = bytes.readUInt32BE(record + 8) + 8;
      bytes.writeUInt32BE((bytes.readUInt32BE(adjustment) + copy) >>> 0, adjustment);
    }
    copies.set(key, bytes);
  }
  return bytes;
}

function fontAt(path: string): fontkit.Font {
  let font = parsed.get(path);
  if (!font) {
    font = fontkit.create(fontFile(path)) as fontkit.Font;
    parsed.set(path, font);
  }
  return font;
}

function inRanges(subset: Subset, codePoint: number): boolean {
  return subset.ranges.some(([low, high]) => codePoint >= low && codePoint <= high);
}

/** Joiners and variation selectors need no glyph of their own. */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  );
}

/**
 * The first face in fallback order that draws every visible character of `cluster` (a grapheme:
 * a letter with its marks, an emoji sequence); null when no embedded font has it.
 */
export function faceFor(cluster: string, style: TextStyle): FontFace | null {
  const key = `${style}\u0000${cluster}`;
  let face = chosenFaces.get(key);
  if (face === undefined) {
    face = findFace(cluster, style);
    // Bounded like shapedWords: one entry per distinct grapheme and style.
    if (chosenFaces.size >= MAX_CHOSEN_FACES) chosenFaces.clear();
    chosenFaces.set(key, face);
  }
  return face;
}

const MAX_CHOSEN_FACES = 20_000;
const chosenFaces = new Map<string, FontFace | null>();

function findFace(cluster: string, style: TextStyle): FontFace | null {
  const codePoints = [...cluster].map((char) => char.codePointAt(0) ?? 0);
  const first = codePoints[0];
  if (first === undefined) return null;
  const visible = codePoints.filter((codePoint) => !isInvisible(codePoint));
  let partial: FontFace | null = null;
  for (const family of fallbackFamilies()) {
    for (const subset of family.subsets) {
      if (!inRanges(subset, first)) continue;
      const path = facePath(family, subset, style);
      const font = fontAt(path);
      if (!font.hasGlyphForCodePoint(first)) continue;
      const face = {
        key: `${subset.stem.slice(subset.stem.lastIndexOf("/") + 1)}-${style}`,
        path,
        shaped: family.shaped,
        rightToLeft: family.rightToLeft,
      };
      if (visible.every((codePoint) => font.hasGlyphForCodePoint(codePoint))) return face;
      partial ??= face;
    }
  }
  return partial;
}

/** The face plain Latin text of a style is drawn with. */
export function baseFace(style: TextStyle): FontFace {
  const face = faceFor("A", style);
  if (!face) throw new Error("The report's base font is missing");
  return face;
}

/** The base font's ascent as a share of the font size (pdfkit sets a line's top by it). */
export function baseAscender(style: TextStyle): number {
  const font = fontAt(baseFace(style).path);
  return font.ascent / font.unitsPerEm;
}

const MAX_SHAPED_WORDS = 5000;
const shapedWords = new Map<string, Map<number, string>>();

/**
 * Which characters each glyph of `text` stands for when `face` shapes it. Read from a fresh
 * parse of the file: fontkit caches a glyph with the characters of its first use, so a shared
 * parse would answer for an earlier word (Noto's initial ح and خ share one glyph plus a dot).
 */
export function glyphCharacters(face: FontFace, text: string): Map<number, string> {
  const key = `${face.key}\u0000${text}`;
  const known = shapedWords.get(key);
  if (known) return known;
  const font = fontkit.create(fontFile(face.path)) as fontkit.Font;
  const run = font.layout(text);
  const characters = new Map<number, string>();
  for (const glyph of run.glyphs) {
    characters.set(glyph.id, String.fromCodePoint(...glyph.codePoints));
  }
  // Bounded: a report has few distinct shaped words, but a process renders many reports.
  if (shapedWords.size >= MAX_SHAPED_WORDS) shapedWords.clear();
  shapedWords.set(key, characters);
  return characters;
}
