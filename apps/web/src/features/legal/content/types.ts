/**
 * The legal pages are data: each is a list of sections rendered by one component
 * (`LegalPage`), so the three pages share their table of contents, anchors and headings.
 */

/** A run of text, or a link inside it (`/path`, `#anchor` or an absolute https URL). */
export type Inline = string | { text: string; href: string };

/** A paragraph: plain text, or text with links. */
export type Rich = string | readonly Inline[];

export type LegalBlock =
  | { kind: "paragraph"; text: Rich }
  | { kind: "list"; items: readonly Rich[] }
  | { kind: "table"; head: readonly string[]; rows: readonly (readonly Rich[])[] }
  | { kind: "subsection"; title: string; blocks: readonly LegalBlock[] };

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** Shown under the date, before the table of contents. */
  summary: string;
  sections: readonly LegalSection[];
  /** The closing box after the last section (the GDPR page's contact box). */
  closing?: { id: string; title: string; blocks: readonly LegalBlock[] };
}

export const p = (text: Rich): LegalBlock => ({ kind: "paragraph", text });
export const list = (...items: Rich[]): LegalBlock => ({ kind: "list", items });
export const sub = (title: string, ...blocks: LegalBlock[]): LegalBlock => ({
  kind: "subsection",
  title,
  blocks,
});
export const link = (text: string, href: string): Inline => ({ text, href });
