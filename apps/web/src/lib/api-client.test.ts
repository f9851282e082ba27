import { describe, expect, it } from "vitest";
import { filenameFromContentDisposition } from "./api-client";

describe("filenameFromContentDisposition", () => {
  it("reads a quoted file name", () => {
    expect(filenameFromContentDisposition('attachment; filename="acme-audit.csv"')).toBe(
      "acme-audit.csv",
    );
  });

  it("reads a bare file name", () => {
    expect(filenameFromContentDisposition("attachment; filename=acme.csv")).toBe("acme.csv");
  });

  it("prefers the UTF-8 form when both are given", () => {
    expect(
      filenameFromContentDisposition(
        "attachment; filename=\"caf.csv\"; filename*=UTF-8''caf%C3%A9-audit.csv",
      ),
    ).toBe("café-audit.csv");
  });

  it("falls back to the plain form when the UTF-8 form is malformed", () => {
    expect(
      filenameFromContentDisposition(
        "attachment; filename=\"plain.csv\"; filename*=UTF-8''%E0%A4%A",
      ),
    ).toBe("plain.csv");
  });

  it("returns null without a header or a name", () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition("attachment")).toBeNull();
  });
});
