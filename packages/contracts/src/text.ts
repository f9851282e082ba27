import { z } from "zod";

/**
 * Characters PostgreSQL cannot keep in a text column: NUL, which it refuses outright, and half of
 * a UTF-16 surrogate pair without its other half, which has no UTF-8 form (drivers would write
 * U+FFFD in its place, silently changing the text).
 */
const UNSTORABLE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for.
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_CHARACTER.test(value);
}

export function unstorableTextMessage(label: string): string {
  return `${label} contains a character that cannot be stored`;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * The building block of every text field a request carries: a string PostgreSQL can store, or a
 * 400 naming the field. `label` names the field in messages ("Full name is required", "Full name
 * contains a character that cannot be stored"); `params` replaces the type error's message.
 */
export function text(label: string, params: StringParams = { error: `${label} is required` }) {
  return z
    .string(params)
    .refine(isStorableText, { message: unstorableTextMessage(label), abort: true });
}

/**
 * The path (`a.b.0`) of the first string or key in a parsed JSON value that PostgreSQL cannot
 * store, or null. For bodies no contract describes (Better Auth's own routes).
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (;;) {
    const next = pending.pop();
    if (next === undefined) return null;
    const { value: current, path } = next;
    if (typeof current === "string") {
      if (!isStorableText(current)) return path.join(".");
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push({ value: item, path: [...path, String(index)] });
      });
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return [...path, key].join(".");
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
}
