import { describe, expect, it } from "vitest";
import { baseUrlProblem, buildTaggedUrl, withScheme } from "./tagged-url.ts";

describe("withScheme", () => {
  it.each([
    ["www.example.com", "https://www.example.com"],
    [" example.com/p?q=1 ", "https://example.com/p?q=1"],
    ["//cdn.example.com/a", "https://cdn.example.com/a"],
    ["localhost:3000/x", "https://localhost:3000/x"],
    ["http://example.com", "http://example.com"],
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["", ""],
  ])("%j -> %j", (value, expected) => {
    expect(withScheme(value)).toBe(expected);
  });
});

describe("baseUrlProblem", () => {
  it.each([
    ["https://www.example.com/pricing", undefined],
    ["http://shop.example.co.uk/?ref=nav#plans", undefined],
    ["", "Website URL is required"],
    ["www.example.com", undefined],
    ["example.com/pricing?ref=nav", undefined],
    ["localhost:5173/landing", undefined],
    ["pricing", "Enter the website URL, starting with http:// or https://"],
    ["https://intranet", "Enter the website URL, starting with http:// or https://"],
    ["ftp://example.com/file", "Enter the website URL, starting with http:// or https://"],
    ["javascript:alert(1)", "Enter the website URL, starting with http:// or https://"],
    [
      "https://www.example.com/?utm_source=google&UTM_Medium=cpc",
      "The website URL already has utm_source, UTM_Medium: remove them and set the values in the fields below",
    ],
  ])("%j -> %j", (url, problem) => {
    expect(baseUrlProblem(url)).toBe(problem);
  });
});

describe("buildTaggedUrl", () => {
  it("adds https:// to an address typed without a scheme", () => {
    expect(buildTaggedUrl("www.example.com", { source: "google", medium: "cpc" })).toBe(
      "https://www.example.com/?utm_source=google&utm_medium=cpc",
    );
  });

  it("appends the values in order, encoded, and leaves out empty ones", () => {
    expect(
      buildTaggedUrl("https://www.example.com/pricing", {
        source: "google",
        medium: "cpc",
        campaign: "spring sale & more",
        term: "",
        content: null,
        id: "abc-1",
      }),
    ).toBe(
      "https://www.example.com/pricing?utm_source=google&utm_medium=cpc&utm_campaign=spring+sale+%26+more&utm_id=abc-1",
    );
  });

  it("keeps the page's own query exactly and its fragment", () => {
    expect(
      buildTaggedUrl(" https://www.example.com/p?q=a%20b&x=1#plans ", {
        source: "newsletter",
        medium: "email",
        campaign: "may",
      }),
    ).toBe(
      "https://www.example.com/p?q=a%20b&x=1&utm_source=newsletter&utm_medium=email&utm_campaign=may#plans",
    );
  });
});
