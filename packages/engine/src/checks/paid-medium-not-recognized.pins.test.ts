import { describe, expect, it } from "vitest";
import { paidMediumReplacement } from "./paid-medium-not-recognized.ts";

/** Issue 20: the medium paid-medium-not-recognized suggests for each kind of paid word. */

describe("paidMediumReplacement", () => {
  it("suggests paid_video for video words", () => {
    expect(paidMediumReplacement("video_ads")).toBe("paid_video");
    expect(paidMediumReplacement("youtube-ads")).toBe("paid_video");
  });

  it("offers the three paid mediums when no word tells the kind", () => {
    expect(paidMediumReplacement("sponsored")).toBe("cpc, paid_social or display");
  });
});
