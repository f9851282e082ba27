import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it.each(["/dashboard", "/invite/accept?token=abc", "/settings/billing#plans", "/"])(
    "keeps the same-origin path %s",
    (value) => {
      expect(safeRedirectPath(value)).toBe(value);
    },
  );

  it.each([
    null,
    undefined,
    "",
    "dashboard",
    "//evil.test",
    "//evil.test/path",
    "/\\evil.test",
    "https://evil.test",
    "javascript:alert(1)",
    "/\tevil",
    " /dashboard",
  ])("rejects %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
