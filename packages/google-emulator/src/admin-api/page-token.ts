/**
 * Paging for the Admin API's list methods (ga4-protocol.md §2.1, §2.3): `pageSize` defaults to
 * 50 and is coerced down to 200; `pageToken` is opaque to clients. Here it is base64url of the
 * next offset and a checksum over the list, the offset and the page size, because Google
 * requires every other parameter to match the call that gave the token; a token that was edited,
 * belongs to another list or comes with another page size is refused.
 */
import { createHash } from "node:crypto";
import { type GoogleApiError, invalidArgument } from "../google-error.ts";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface PageQuery {
  pageSize?: string;
  pageToken?: string;
}

export type Page =
  | { ok: true; start: number; end: number; nextPageToken: string | undefined }
  | { ok: false; error: GoogleApiError };

const INT32 = /^-?\d+$/;
const INT32_MAX = 2 ** 31 - 1;

function checksum(list: string, offset: number, pageSize: number): string {
  return createHash("sha256")
    .update(`${list}|${offset}|${pageSize}`)
    .digest("base64url")
    .slice(0, 16);
}

function encodePageToken(list: string, offset: number, pageSize: number): string {
  return Buffer.from(`${offset}.${checksum(list, offset, pageSize)}`).toString("base64url");
}

function decodePageToken(token: string, list: string, pageSize: number): number | undefined {
  const text = Buffer.from(token, "base64url").toString("utf8");
  // Node's decoder skips characters it cannot use: only a token that encodes back to itself.
  if (Buffer.from(text).toString("base64url") !== token) return undefined;
  const [offsetText, sum, ...rest] = text.split(".");
  if (rest.length > 0 || offsetText === undefined || !/^\d{1,9}$/.test(offsetText)) {
    return undefined;
  }
  const offset = Number(offsetText);
  return sum === checksum(list, offset, pageSize) ? offset : undefined;
}

/** Which items of a list of `total` this request gets, and the token for the next page. */
export function readPage(query: PageQuery, list: string, total: number): Page {
  const sizeText = query.pageSize ?? "";
  let pageSize = DEFAULT_PAGE_SIZE;
  if (sizeText !== "") {
    const size = INT32.test(sizeText) ? Number(sizeText) : Number.NaN;
    if (!Number.isInteger(size) || Math.abs(size) > INT32_MAX) {
      const description = `Invalid value at 'page_size' (TYPE_INT32), "${sizeText}"`;
      return {
        ok: false,
        error: {
          ...invalidArgument(description),
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.BadRequest",
              fieldViolations: [{ field: "page_size", description }],
            },
          ],
        },
      };
    }
    if (size < 0) {
      return { ok: false, error: invalidArgument(`pageSize must not be negative; got ${size}.`) };
    }
    // 0 is proto3's "unset": the default applies.
    if (size > 0) pageSize = Math.min(size, MAX_PAGE_SIZE);
  }

  let start = 0;
  if (query.pageToken) {
    const offset = decodePageToken(query.pageToken, list, pageSize);
    if (offset === undefined) {
      return {
        ok: false,
        error: invalidArgument(
          "Invalid pageToken: use the nextPageToken of the previous page, with the same pageSize.",
        ),
      };
    }
    start = offset;
  }
  const end = Math.min(start + pageSize, total);
  return {
    ok: true,
    start,
    end: Math.max(start, end),
    nextPageToken: end < total ? encodePageToken(list, end, pageSize) : undefined,
  };
}
