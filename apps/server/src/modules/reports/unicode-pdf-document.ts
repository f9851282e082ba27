import PDFDocument from "pdfkit";
import {
  baseAscender,
  baseFace,
  type FontFace,
  faceFor,
  fontFileCopy,
  glyphCharacters,
  type TextStyle,
} from "./report-fonts.ts";

/**
 * A pdfkit document whose `text` draws any script (ADR 015): each grapheme goes to the first
 * embedded font that has it, consecutive graphemes of one font form a run, and the runs are drawn
 * as one continued text, so pdfkit still wraps and aligns them as a single paragraph. Choose the
 * weight with `style()` where plain pdfkit would name a Helvetica.
 *
 * Right-to-left words (Arabic) are shaped by fontkit, which returns each word's glyphs in visual
 * order; the words of a right-to-left stretch are drawn last to first, as the Unicode bidi
 * algorithm does for such a stretch inside a left-to-right paragraph, so the line reads right to
 * left and text extraction (pdftotext) gives the characters back in their logical order.
 */

interface Run {
  face: FontFace;
  text: string;
}

/** Characters that take the direction of the text around them (bidi neutrals and numbers). */
const NEUTRAL = /^[\s\p{P}\p{S}\p{N}]+$/u;
const REPLACEMENT = "\uFFFD";
const HELVETICA_STYLES: Record<string, TextStyle> = {
  Helvetica: "regular",
  "Helvetica-Bold": "bold",
  "Helvetica-Oblique": "italic",
};

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

function runsOf(text: string, style: TextStyle): Run[] {
  const runs: Run[] = [];
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    const found = faceFor(segment, style);
    // A character no embedded font has prints as one replacement mark, never as a gap.
    const face = found ?? baseFace(style);
    const piece = found ? segment : REPLACEMENT;
    const last = runs.at(-1);
    // Right-to-left runs stay one word each: pdfkit lays out the words of a run left to right.
    if (last && last.face.key === face.key && !(face.rightToLeft && /\s/u.test(piece))) {
      last.text += piece;
    } else {
      runs.push({ face, text: piece });
    }
  }
  return visualOrder(runs);
}

/** Reverses each stretch of right-to-left runs (with the spaces and numbers inside it). */
function visualOrder(runs: Run[]): Run[] {
  const ordered: Run[] = [];
  let index = 0;
  while (index < runs.length) {
    const run = runs[index] as Run;
    if (!run.face.rightToLeft) {
      ordered.push(run);
      index += 1;
      continue;
    }
    let end = index;
    for (let next = index + 1; next < runs.length; next += 1) {
      const candidate = runs[next] as Run;
      if (candidate.face.rightToLeft) end = next;
      else if (!NEUTRAL.test(candidate.text)) break;
    }
    ordered.push(...runs.slice(index, end + 1).reverse());
    index = end + 1;
  }
  return ordered;
}

export class UnicodePdfDocument extends PDFDocument {
  private currentStyle: TextStyle = "regular";
  private readonly registered = new Set<string>();
  /** Per shaped font file: the characters each glyph stands for, in each embedded copy. */
  private readonly glyphMaps = new Map<string, Map<number, string>[]>();

  /** Regular, bold or italic for the text that follows. */
  style(style: TextStyle): this {
    this.currentStyle = style;
    return this;
  }

  /**
   * pdfkit's Helvetica names still choose the weight (text is drawn in the embedded fonts all the
   * same), so code written for plain pdfkit does not silently lose its bold.
   */
  override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
    const style = typeof src === "string" ? HELVETICA_STYLES[src] : undefined;
    if (style) this.currentStyle = style;
    return super.font(src, family as string, size as number);
  }

  override text(
    text: string,
    x?: number | PDFKit.Mixins.TextOptions,
    y?: number,
    options?: PDFKit.Mixins.TextOptions,
  ): this {
    const runs = runsOf(String(text), this.currentStyle);
    const positioned = typeof x === "number" || typeof y === "number";
    let given = (typeof x === "object" ? x : options) ?? {};
    if (given.baseline === undefined && runs.some((run) => run.face.key !== runs[0]?.face.key)) {
      // pdfkit puts a run's top at its own font's ascender; Arabic and CJK ascend higher than
      // Noto Sans, so every run of a mixed line is set on the base font's baseline instead.
      given = { ...given, baseline: -baseAscender(this.currentStyle) * this.currentFontSize() };
    }
    if (runs.length === 0) {
      this.font(this.fontName({ face: baseFace(this.currentStyle), text: "" }));
      return positioned ? super.text("", x as number, y, given) : super.text("", given);
    }
    runs.forEach((run, index) => {
      this.font(this.fontName(run));
      const isLast = index === runs.length - 1;
      if (index === 0) {
        const first = isLast ? given : { ...given, continued: true };
        if (positioned) super.text(run.text, x as number, y, first);
        else super.text(run.text, first);
      } else {
        super.text(run.text, { continued: isLast ? (given.continued ?? false) : true });
      }
    });
    return this;
  }

  private currentFontSize(): number {
    // pdfkit keeps the size set with fontSize() here and offers no getter.
    return (this as unknown as { _fontSize: number })._fontSize;
  }

  /**
   * The registered name of the font for `run`. A shaped script can draw two characters with one
   * glyph (a shared letter body, the dots apart); the PDF maps each glyph to one text, so such a
   * word goes into another embedded copy of the font, where that glyph keeps its own meaning.
   */
  private fontName(run: Run): string {
    let name = run.face.key;
    let copy = 0;
    if (run.face.shaped && run.text) {
      const wanted = glyphCharacters(run.face, run.text);
      const copies = this.glyphMaps.get(run.face.key) ?? [];
      this.glyphMaps.set(run.face.key, copies);
      copy = copies.findIndex((known) =>
        [...wanted].every(([glyph, chars]) => (known.get(glyph) ?? chars) === chars),
      );
      if (copy === -1) {
        copy = copies.length;
        copies.push(new Map());
      }
      const known = copies[copy] as Map<number, string>;
      for (const [glyph, chars] of wanted) known.set(glyph, chars);
      name = `${run.face.key}#${copy}`;
    }
    if (!this.registered.has(name)) {
      this.registerFont(name, fontFileCopy(run.face.path, copy));
      this.registered.add(name);
    }
    return name;
  }
}
