import { describe, expect, it } from "vitest";
import { decideGuard, type SessionState } from "./guard";

const at = (pathname: string, search = "") => ({ pathname, search });
const signedIn = (overrides: Partial<{ onboardingCompleted: boolean; isAdmin: boolean }> = {}) =>
  ({
    status: "signed-in",
    onboardingCompleted: true,
    isAdmin: false,
    ...overrides,
  }) satisfies SessionState;

describe("decideGuard", () => {
  it("waits while the session loads", () => {
    expect(decideGuard(at("/dashboard"), { status: "loading" })).toEqual({ kind: "loading" });
  });

  it("sends a signed-out visitor to sign-in with the path and query to come back to", () => {
    expect(decideGuard(at("/settings/billing", "?x=1&y=2"), { status: "signed-out" })).toEqual({
      kind: "redirect",
      to: "/auth?mode=signin&redirect=%2Fsettings%2Fbilling%3Fx%3D1%26y%3D2",
    });
  });

  it.each(["//evil.test/phish", "/\\evil.test"])(
    "sends a signed-out visitor of %s to sign-in with no way off the site",
    (pathname) => {
      expect(decideGuard(at(pathname), { status: "signed-out" })).toEqual({
        kind: "redirect",
        to: "/auth?mode=signin",
      });
    },
  );

  it("sends a user who has not finished onboarding to /onboarding", () => {
    const session = signedIn({ onboardingCompleted: false });
    expect(decideGuard(at("/dashboard"), session)).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decideGuard(at("/settings/profile"), session)).toEqual({
      kind: "redirect",
      to: "/onboarding",
    });
  });

  it.each([
    "/onboarding",
    "/auth",
    "/auth/reset-password",
    "/invite/accept",
    "/connect-data-source",
    "/",
  ])("lets a user who has not finished onboarding stay on %s", (pathname) => {
    expect(decideGuard(at(pathname), signedIn({ onboardingCompleted: false }))).toEqual({
      kind: "allow",
    });
  });

  it("does not treat a path that merely starts like an exempt one as exempt", () => {
    expect(decideGuard(at("/onboardingx"), signedIn({ onboardingCompleted: false }))).toEqual({
      kind: "redirect",
      to: "/onboarding",
    });
  });

  it("sends a non-admin away from the admin panel", () => {
    expect(decideGuard(at("/admin"), signedIn())).toEqual({ kind: "redirect", to: "/dashboard" });
  });

  it("lets an admin into the admin panel", () => {
    expect(decideGuard(at("/admin"), signedIn({ isAdmin: true }))).toEqual({ kind: "allow" });
  });

  it("lets an onboarded user through to app pages", () => {
    expect(decideGuard(at("/dashboard"), signedIn())).toEqual({ kind: "allow" });
  });

  it("finishes onboarding before applying the admin rule", () => {
    expect(
      decideGuard(at("/admin"), signedIn({ onboardingCompleted: false, isAdmin: false })),
    ).toEqual({ kind: "redirect", to: "/onboarding" });
  });
});
