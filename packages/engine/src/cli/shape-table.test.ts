import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayBeMalformed } from "../checks/malformed-query.ts";
import { audit } from "../core/auditor.ts";
import type { AuditRow } from "../core/types.ts";
import { mentionsUtm, utmGlance } from "../rules/urls.ts";
import { viewOf } from "./column-dictionaries.ts";
import { runCli } from "./main.ts";
import { ShapeTable, shapeBytes } from "./shape-table.ts";

function shapeOf(text: string): string {
  // The value amid other bytes, as in a file.
  const bytes = Buffer.from(`12${text}34`, "utf8");
  const out = Buffer.alloc(bytes.length);
  const length = shapeBytes(viewOf(bytes), 2, bytes.length - 2, viewOf(out));
  return out.toString("utf8", 0, length);
}

/**
 * Landing pages as they come: Google's placeholders, click ids, personal data in parameters,
 * CMS-escaped and percent-encoded separators, UTM names with digits after them, and numbers
 * everywhere (each a value whose shape the variants below share).
 */
const LANDINGS = [
  "/products/item-21952?utm_source=newsletter&utm_campaign=spring_sale_176&ref=31",
  "/welcome?email=jane.doe2%40gmail.com&utm_source=news1&utm_medium=email",
  "/welcome?user=jane99@example.com&utm_source=crm&utm_medium=email",
  "/offer?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=spring_sale_2",
  "/offer?utm_source=fb%26amp%3butm_medium=cpc&utm_campaign=c1",
  "/offer?utm_source=fb%26utm_medium%3Dcpc&v=2",
  "/contact?phone=0612345678&utm_source=sms1&utm_medium=sms",
  "/contact?tel=+44 20 7946 0958&utm_medium=sms&utm_source=t2",
  "/call/555-867-5309?utm_source=radio&utm_medium=offline",
  "/call/(415) 555-2671?utm_source=radio&utm_medium=offline",
  "/thanks/+1 415 555 2671?utm_source=sms&utm_medium=sms",
  "/order/12345678901?utm_source=crm&utm_medium=email",
  "/p/42?utm_source2=x&utm_medium=email",
  "/p/42?utm_source=x&utm_medium=&utm_campaign=c3",
  "/p/42?utm_source=x&utm_medium=%20&utm_campaign=c3",
  "/p/42?utm_source=x&utm_medium=1&utm_campaign=c3",
  "/landing?gclid=Cj0KCQ123abc&utm_source=google&utm_medium=cpc",
  "/landing?fbclid=IwAR123&utm_campaign=summer2026",
  "/landing?gbraid=0AAAAA9&wbraid=12",
  "/checkout/step-2?utm_source=www.example.com&utm_medium=referral",
  "/cart?utm_source=site&utm_medium=banner&utm_campaign=promo10",
  "/search?q=iphone 15&utm_source=google&utm_medium=cpc",
  "/?utm_source=Newsletter&UTM_MEDIUM=Email&utm_campaign=Week12",
  "/a?utm_source=x?utm_medium=y&id=12",
  "/a?name2=John Smith&utm_source=crm&utm_medium=email",
  "/a?zip5=90210&utm_source=crm&utm_medium=email",
  "/caf\u00e9/12?utm_source=mail&utm_medium=email",
  "/a%2F12?utm_source=x&utm_medium=y",
  "/a?%75tm_source=x&n=1",
  "/a?utm_source=x#frag12?utm_medium=y",
  "/a;utm_source=x;ref=9",
  "/a?utm_source=x&&utm_medium=12&",
  "/a?utm_source=(not set)&utm_medium=(none)&v=3",
  "/a?utm_source={{source}}&utm_medium=email&id=7",
  "/a?utm_umt_source=1&utm_medium=2",
  "/a?utm_id=123&utm_source=google&utm_source_platform=sa360&utm_medium=cpc",
  "/a?utm_source=x&utm_medium=e\u00a07&utm_campaign=9",
  "(not set)",
  "/",
];

/** Variants of a value by `variant`: the value itself and five others of its shape. */
const VARIANTS = 6;

/**
 * The value with its `n`th kind of numbers: each run of digits not after "%" another run (the
 * value as it is for the last `n`).
 */
function variant(value: string, n: number): string {
  if (n === VARIANTS - 1) return value;
  const runs = ["0", "7", "12345678", "31", "2026"];
  let count = 0;
  return value.replace(/(^|[^%\d])(\d+)/g, (_, before: string) => {
    count++;
    return `${before}${runs[(n + count) % runs.length]}`;
  });
}

describe("shapeBytes", () => {
  it("writes each run of digits as one 0, keeping a percent-encoding's digits", () => {
    expect(shapeOf("/products/item-21952?ref=31")).toBe("/products/item-0?ref=0");
    expect(shapeOf("12a3")).toBe("0a0");
    expect(shapeOf("a%2520b%3Dc%40d99")).toBe("a%2520b%3Dc%40d0");
    expect(shapeOf("%26amp%3b")).toBe("%26amp%3b");
    expect(shapeOf("caf\u00e9 12 \u4e2d7")).toBe("caf\u00e9 0 \u4e2d0");
    expect(shapeOf("")).toBe("");
    expect(shapeOf("no digits")).toBe("no digits");
  });
});

/** The shape byte by byte, as defined: each digit run one "0" unless the byte before is "%". */
function plainShape(bytes: readonly number[]): number[] {
  const out: number[] = [];
  const isDigit = (code: number | undefined) => code !== undefined && code >= 0x30 && code <= 0x39;
  for (let at = 0; at < bytes.length; at++) {
    const code = bytes[at] as number;
    if (!isDigit(code)) out.push(code);
    else if (at > 0 && bytes[at - 1] === 0x25) {
      for (; isDigit(bytes[at]); at++) out.push(bytes[at] as number);
      at--;
    } else {
      out.push(0x30);
      while (isDigit(bytes[at + 1])) at++;
    }
  }
  return out;
}

describe("shapeBytes four bytes at a time", () => {
  it("writes the shape the definition gives, whatever bytes lie around the digits", () => {
    // Bytes next to the digits' (/ : ; ? @), "%", and bytes of UTF-8 characters, at every
    // offset from a word's start.
    const alphabet = [
      0x2f, 0x30, 0x31, 0x35, 0x39, 0x3a, 0x3b, 0x3f, 0x40, 0x25, 0x61, 0x7f, 0x80, 0xc3, 0xa9,
      0xff, 0x00, 0x20,
    ];
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    for (let trial = 0; trial < 3000; trial++) {
      const length = next() % 24;
      const bytes = Array.from({ length }, () => alphabet[next() % alphabet.length] as number);
      const offset = next() % 4;
      const input = Buffer.alloc(length + offset + 4, 0x31);
      input.set(bytes, offset);
      const out = Buffer.alloc(length + 4);
      const written = shapeBytes(viewOf(input), offset, offset + length, viewOf(out));
      expect([...out.subarray(0, written)], Buffer.from(bytes).toString("hex")).toEqual(
        plainShape(bytes),
      );
    }
  });
});

describe("ShapeTable", () => {
  it("numbers shapes in the order they come, each value's at its number", () => {
    const table = new ShapeTable();
    for (const text of ["/a/1", "/b/2", "/a/22", "/b", "/a/3"]) {
      const bytes = Buffer.from(text);
      table.add(viewOf(bytes), 0, bytes.length);
    }
    table.addNone();
    expect([...table.ids]).toEqual([0, 1, 0, 2, 0, -1]);
    expect(table.count).toBe(3);
    // Released, it keeps what it found and gives later values shapes of their own.
    table.release();
    const bytes = Buffer.from("/a/4");
    table.add(viewOf(bytes), 0, bytes.length);
    expect([...table.ids]).toEqual([0, 1, 0, 2, 0, -1, -1]);
    expect(table.count).toBe(3);
  });

  it("stops looking once the values rarely share a shape", () => {
    const rare = new ShapeTable();
    const common = new ShapeTable();
    for (let i = 0; i < 20_000; i++) {
      const own = Buffer.from(
        `/page-${String.fromCharCode(97 + (i % 26))}${i.toString(36).replace(/\d/g, "x")}`,
      );
      rare.add(viewOf(own), 0, own.length);
      const shared = Buffer.from(`/item-${i}?ref=${i % 7}`);
      common.add(viewOf(shared), 0, shared.length);
    }
    expect(rare.on).toBe(false);
    expect(rare.ids[19_999]).toBe(-1);
    expect(common.on).toBe(true);
    expect(common.count).toBe(1);
  });
});

describe("facts of a shape", () => {
  it("are the same for every landing page of the shape", () => {
    for (const value of LANDINGS) {
      for (let n = 0; n < VARIANTS; n++) {
        const other = variant(value, n);
        expect(shapeOf(other), other).toBe(shapeOf(value));
        expect(utmGlance(other), other).toBe(utmGlance(value));
        expect(mentionsUtm(other), other).toBe(mentionsUtm(value));
        expect(mayBeMalformed(other, utmGlance(other)), other).toBe(
          mayBeMalformed(value, utmGlance(value)),
        );
      }
    }
  });
});

describe("an audit of landing pages read with their shapes", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "utmost-shapes-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reports what an audit of the same rows one value at a time reports", async () => {
    const sources = ["google", "(not set)", "newsletter", "facebook"];
    const mediums = ["cpc", "(none)", "email", "(not set)"];
    const rows: AuditRow[] = [];
    LANDINGS.forEach((value, i) => {
      for (let n = 0; n < VARIANTS; n++) {
        rows.push({
          sessionSource: sources[(i + n) % sources.length] as string,
          sessionMedium: mediums[(i * 3 + n) % mediums.length] as string,
          sessionCampaignName: n % 2 === 0 ? "(not set)" : `spring_${i}`,
          landingPagePlusQueryString: variant(value, n),
          sessions: 1 + ((i * 7 + n * 3) % 11),
        });
      }
    });
    const header =
      "sessionSource,sessionMedium,sessionCampaignName,landingPagePlusQueryString,sessions";
    const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const lines = rows.map((row) =>
      [
        row.sessionSource,
        row.sessionMedium,
        row.sessionCampaignName,
        row.landingPagePlusQueryString,
      ]
        .map((text) => quoted(text as string))
        .concat(String(row.sessions))
        .join(","),
    );
    const file = path.join(dir, "landings.csv");
    await writeFile(file, `${header}\n${lines.join("\n")}\n`);
    let stdout = "";
    const now = new Date("2026-11-20T00:00:00Z");
    const code = await runCli([file, "--site", "www.example.com", "--format", "json"], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      now: () => now,
    });
    expect(code).toBe(0);
    const expected = audit(rows, { siteHosts: ["www.example.com"], now });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    // The audit found something on these pages: the comparison is not of two empty reports.
    const failed = (expected.checks ?? []).filter((check) => check.status === "failed");
    expect(failed.map((check) => check.id)).toEqual(
      expect.arrayContaining(["pii-in-utm", "malformed-query", "missing-utm-medium"]),
    );
  });
});
