import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

describe("linkify", () => {
  it("returns plain text as one part", () => {
    expect(linkify("Hello there")).toEqual([{ kind: "text", value: "Hello there" }]);
  });

  it("separates links from the text around them", () => {
    expect(linkify("Reset: http://localhost:3000/auth/reset-password?token=abc. Thanks")).toEqual([
      { kind: "text", value: "Reset: " },
      { kind: "link", value: "http://localhost:3000/auth/reset-password?token=abc" },
      { kind: "text", value: ". Thanks" },
    ]);
  });

  it("finds several links, including one at the end", () => {
    expect(linkify("a https://x.test/1\nb https://x.test/2")).toEqual([
      { kind: "text", value: "a " },
      { kind: "link", value: "https://x.test/1" },
      { kind: "text", value: "\nb " },
      { kind: "link", value: "https://x.test/2" },
    ]);
  });

  it("does not treat other schemes as links", () => {
    expect(linkify("javascript:alert(1)")).toEqual([
      { kind: "text", value: "javascript:alert(1)" },
    ]);
  });
});
