import { BRAND_LOGO_MAX_BYTES } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { decodeLogoDataUrl, pngProblem, sniffImageType } from "./brand-logo.ts";
import { dataUrl, tinyPng } from "./branding.testing.ts";

function refusal(url: string): { code: string; message: string } {
  try {
    decodeLogoDataUrl(url);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the logo was accepted");
}

describe("logo uploads", () => {
  it("accepts a PNG whatever type the data URL declares", () => {
    const png = tinyPng();
    expect(decodeLogoDataUrl(dataUrl(png))).toEqual({ bytes: png, contentType: "image/png" });
    expect(decodeLogoDataUrl(dataUrl(png, "image/gif")).contentType).toBe("image/png");
  });

  it("recognises PNG and JPEG by their first bytes only", () => {
    expect(sniffImageType(tinyPng())).toBe("image/png");
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(Buffer.from("<svg></svg>"))).toBeNull();
  });

  it("refuses what is not an image, with a reason", () => {
    expect(refusal("not a data url").code).toBe("VALIDATION_FAILED");
    expect(refusal("data:image/png,plain-text").message).toMatch(/base64 data URL/);
    expect(refusal("data:image/png;base64,@@@").message).toMatch(/malformed/);
    expect(refusal(dataUrl(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")))).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "The logo must be a PNG or JPEG image",
    });
    expect(refusal(dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]))).message).toMatch(
      /not a readable JPEG/,
    );
  });

  it("refuses a logo over 512 KB, saying how large it is", () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(BRAND_LOGO_MAX_BYTES)]);
    expect(refusal(dataUrl(big))).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: expect.stringMatching(/^The logo is \d+ KB; it must be at most 512 KB$/),
    });
  });

  it("checks a PNG through to its pixels, so a broken one never reaches a report", () => {
    const png = tinyPng();
    expect(pngProblem(png)).toBeNull();
    expect(pngProblem(png.subarray(0, png.length - 20))).toMatch(/truncated|corrupt/);
    const flipped = Buffer.from(png);
    flipped[40] = (flipped[40] ?? 0) ^ 0xff;
    expect(pngProblem(flipped)).not.toBeNull();
    expect(refusal(dataUrl(png.subarray(0, 30))).message).toMatch(/not a readable PNG/);
  });
});
