import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { nonStandardMedium } from "./non-standard-medium.ts";

/** Issue 20: which mediums non-standard-medium calls non-standard, and its titles. */

const unassigned = (medium: string) =>
  utmRow("partner", medium, "may", 10, { sessionDefaultChannelGroup: "Unassigned" });

describe("non-standard-medium edges", () => {
  it("never calls a medium a channel rule knows non-standard, even on Unassigned rows", () => {
    expect(runOn(nonStandardMedium, [unassigned("email")]).status).toBe("passed");
    expect(findingKeys(runOn(nonStandardMedium, [unassigned("newsletter")]))).toEqual([
      "medium:newsletter",
    ]);
  });

  it("names the medium in its title", () => {
    expect(runOn(nonStandardMedium, [unassigned("newsletter")]).findings[0]?.title).toBe(
      "utm_medium 'newsletter' is not a GA4 channel medium",
    );
  });
});
