import { describe, expect, it } from "vitest";
import { getInitials } from "./initials";

describe("getInitials", () => {
  it("takes the first letter of the first two words, upper-cased", () => {
    expect(getInitials("ada lovelace")).toBe("AL");
    expect(getInitials("Ada King Lovelace")).toBe("AK");
  });

  it("handles a single name", () => {
    expect(getInitials("Cher")).toBe("C");
  });

  it("ignores extra spaces", () => {
    expect(getInitials("  grace   hopper ")).toBe("GH");
  });

  it("returns nothing for an empty name", () => {
    expect(getInitials("   ")).toBe("");
  });

  it("keeps non-Latin letters whole", () => {
    expect(getInitials("élodie Ørsted")).toBe("ÉØ");
  });
});
