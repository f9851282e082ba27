import { describe, expect, it } from "vitest";
import { runOn, utmRow } from "../testing/support.ts";
import { decodeArtifacts, encodingArtifacts } from "./encoding-artifacts.ts";

/** Issue 20: how encoding-artifacts decodes a value, and when a fix changes the channel. */

describe("decodeArtifacts", () => {
  it("reads + between words as a space and &amp; as &", () => {
    expect(decodeArtifacts("spring+sale")).toBe("spring sale");
    expect(decodeArtifacts("tom&amp;jerry")).toBe("tom&jerry");
  });

  it("decodes three layers of percent-encoding at most", () => {
    expect(decodeArtifacts("a%2525252520b")).toBe("a%2520b");
  });

  it("keeps a malformed sequence as written", () => {
    expect(decodeArtifacts("50%E0%A4%A")).toBe("50%E0%A4%A");
  });
});

describe("encoding-artifacts severity", () => {
  it("is critical when fixing the value changes the channel of any of its rows", () => {
    const result = runOn(encodingArtifacts, [
      utmRow("google", "cpc", "summer%2Dshop", 10),
      utmRow("(direct)", "(none)", "summer%2Dshop", 10),
    ]);
    expect(result.findings.map((finding) => finding.severity)).toEqual(["critical"]);
  });
});

describe("encoding-artifacts titles", () => {
  const titles = (medium: string, campaign: string) =>
    runOn(encodingArtifacts, [utmRow("newsletter", medium, campaign, 40)]).findings.map(
      (finding) => finding.title,
    );

  it("joins the artifacts with and, and says when fixing them changes the channel", () => {
    expect(titles("email", "spring%20sale+2025")).toEqual([
      'utm_campaign "spring%20sale+2025" has percent-encoding left in and "+" in place of spaces',
    ]);
    expect(titles("social%2520media", "launch")).toEqual([
      'utm_medium "social%2520media" has double percent-encoding, which changes the channel',
    ]);
  });
});
