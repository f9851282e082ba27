import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLanding } from "../core/values.ts";
import { joinedPieces } from "../testing/support.ts";
import {
  GLANCE,
  glancedParam,
  glanceNameBit,
  isUtmParam,
  UTM_PARAMETER_NAMES,
  unescapeHtmlAmpersands,
  utmGlance,
} from "./urls.ts";

describe("utmGlance", () => {
  it("reads the recognised names of a plainly tagged URL, and sees a repeat", () => {
    const plain = utmGlance("/p?utm_source=a&utm_medium=b&ref=1");
    expect(plain & (GLANCE.irregular | GLANCE.repeated)).toBe(0);
    expect(plain).toBe(GLANCE.mentions | glanceNameBit("utm_source") | glanceNameBit("utm_medium"));
    expect(utmGlance("/p?utm_source=a&utm_source=b") & GLANCE.repeated).toBe(GLANCE.repeated);
    expect(utmGlance("/p?ref=1")).toBe(0);
  });

  it("sees a recognised name written bare or with a value that may be blank", () => {
    for (const value of [
      "/p?utm_source",
      "/p?utm_source&utm_medium=b",
      "/p?utm_medium=b&utm_source=#f",
      "/p?utm_source=+ +",
      "/p?utm_source=\u00a0&x=1",
      "/p?utm_source=%20",
    ]) {
      expect(utmGlance(value) & GLANCE.blank, value).toBe(GLANCE.blank);
    }
    for (const value of ["/p?utm_source=a", "/p?utm_source= a", "/p?utm_source==&x", "/p?x=&y"]) {
      expect(utmGlance(value) & GLANCE.blank, value).toBe(0);
    }
  });

  it('reads a URL whose only "%" are in parameters\' values as any other', () => {
    const value = "/p?utm_source=a%20b&x=%41&utm_medium=c%";
    expect(utmGlance(value)).toBe(
      GLANCE.mentions | glanceNameBit("utm_source") | glanceNameBit("utm_medium"),
    );
    expect(glancedParam(value, utmGlance(value), "utm_source")).toBe("a%20b");
  });

  it.each([
    "/p?utm_soruce=a",
    "/p?UTM_source=a",
    "/utm_source=a?x=1",
    "/p#?utm_source=a",
    "/p?x=1#utm_source=a",
    "/p?a=b?utm_source=c",
    "/p?x=utm_source",
    "/p?%75tm_source=a&utm_medium=b",
    "/p%20x?utm_source=a",
    "/p?utm_source=a#%20",
    "/p?x%41=1&utm_source=a",
    "/p?utm_source=a&%41",
    "/p?utm_source1=a",
    "/p?umt_source=a",
  ])("calls %s irregular", (value) => {
    expect(utmGlance(value) & GLANCE.irregular).toBe(GLANCE.irregular);
  });

  it("reads a parameter's value from the glance as parseLanding does", () => {
    const names = [...UTM_PARAMETER_NAMES, "ref", "x", "utm_sourc", "utm_source1"];
    const param = fc.tuple(
      fc.constantFrom(...names),
      fc.option(fc.constantFrom("", "a", "b+c", "utm_medium", "d?e", "e%20f"), { nil: undefined }),
    );
    const url = fc
      .tuple(
        fc.constantFrom("/", "/p", ""),
        fc.array(param, { maxLength: 5 }),
        fc.option(fc.constantFrom("#f", "#utm_source=a"), { nil: undefined }),
      )
      .map(
        ([path, params, fragment]) =>
          `${path}?${params.map(([n, v]) => (v === undefined ? n : `${n}=${v}`)).join("&")}${fragment ?? ""}`,
      );
    fc.assert(
      fc.property(url, (value) => {
        const glance = utmGlance(value);
        if ((glance & GLANCE.irregular) !== 0) return;
        const params = parseLanding(value).params;
        for (const name of UTM_PARAMETER_NAMES) {
          expect(glancedParam(value, glance, name)).toBe(
            params.find((p) => p.name === name)?.value,
          );
        }
      }),
      { numRuns: 20_000 },
    );
    const both = "/p?utm_source_platform=x&utm_source=y";
    expect(glancedParam(both, utmGlance(both), "utm_source")).toBe("y");
  });

  it("never clears a URL whose parameters say otherwise", () => {
    const pieces = [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_",
      "UTM",
      "umt",
      "u",
      "tm",
      "=",
      "&",
      "?",
      "#",
      "%",
      "+",
      "&#038;",
      "&amp;",
      "x",
      "/p",
      "_",
      "1",
      "a=b",
      "utm_source_platform",
      "_platform",
      " ",
      "\u00a0",
    ];
    const url = joinedPieces(pieces, 14);
    fc.assert(
      fc.property(url, (value) => {
        const glance = utmGlance(value);
        if ((glance & GLANCE.mentions) === 0) {
          expect(value).not.toMatch(/u(?:tm|mt)/i);
          return;
        }
        if ((glance & GLANCE.irregular) !== 0) return;
        const params = parseLanding(value).params;
        // Every name that says utm or umt is a recognised one, and the bits are exactly those.
        let bits = 0;
        let repeated = false;
        for (const param of params) {
          if (/u(?:tm|mt)/i.test(param.name)) expect(isUtmParam(param)).toBe(true);
          if (!UTM_PARAMETER_NAMES.has(param.name)) continue;
          const bit = glanceNameBit(param.name);
          if ((bits & bit) !== 0) repeated = true;
          bits |= bit;
        }
        expect(glance & ~(GLANCE.mentions | GLANCE.repeated | GLANCE.blank)).toBe(bits);
        // A recognised name without a value, or with "+", spaces, controls or non-ASCII only, up
        // to the end or a "%".
        const blank = params.some(
          (param) =>
            UTM_PARAMETER_NAMES.has(param.name) &&
            /^[+\0-\x20\x7f-\uffff]*(?:%|$)/.test(param.value),
        );
        expect((glance & GLANCE.blank) !== 0).toBe(blank);
        for (const name of UTM_PARAMETER_NAMES) {
          expect(glancedParam(value, glance, name)).toBe(
            params.find((param) => param.name === name)?.value,
          );
        }
        expect((glance & GLANCE.repeated) !== 0).toBe(repeated);
        // A "%" only in a parameter's value: no name, path or fragment is encoded.
        for (const param of params) expect(param.name).not.toContain("%");
        expect(parseLanding(value).path).not.toContain("%");
        expect(parseLanding(value).fragment ?? "").not.toContain("%");
        // No "utm" in the path or the fragment, before or after "&#038;" is read as "&".
        for (const form of [value, unescapeHtmlAmpersands(value)]) {
          const url = parseLanding(form);
          expect(url.path).not.toMatch(/utm/i);
          expect(url.fragment ?? "").not.toMatch(/utm/i);
        }
      }),
      { numRuns: 20_000 },
    );
  });
});
