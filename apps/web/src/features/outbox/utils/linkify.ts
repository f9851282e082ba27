export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Punctuation that ends a sentence is not part of the link before it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** Splits plain mail text into text and http(s) links, so links can be made clickable. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    if (start > cursor) parts.push({ kind: "text", value: text.slice(cursor, start) });
    parts.push({ kind: "link", value: url });
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push({ kind: "text", value: text.slice(cursor) });
  return parts;
}
