import { describe, expect, it } from "vitest";
import { postAuthPath } from "./post-auth-path";

describe("postAuthPath", () => {
  it("follows a same-origin redirect", () => {
    expect(postAuthPath("/invite/accept?token=t1", false)).toBe("/invite/accept?token=t1");
  });

  it("ignores a redirect to another origin", () => {
    expect(postAuthPath("//evil.test", true)).toBe("/dashboard");
  });

  it("goes to the dashboard once onboarding is done, else to onboarding", () => {
    expect(postAuthPath(null, true)).toBe("/dashboard");
    expect(postAuthPath(null, false)).toBe("/onboarding");
  });
});
