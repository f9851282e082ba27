import { afterEach, describe, expect, it } from "vitest";
import {
  parseSidebarState,
  readSidebarState,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  sidebarStateCookie,
  writeSidebarState,
} from "./sidebar-state";

describe("sidebar state cookie", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the test wrote.
    document.cookie = "sidebar_state=; path=/; max-age=0";
  });

  it("is expanded when there is no cookie", () => {
    expect(parseSidebarState("")).toBe(true);
    expect(parseSidebarState("other=1")).toBe(true);
  });

  it("reads the stored value among other cookies", () => {
    expect(parseSidebarState("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(parseSidebarState("a=1; sidebar_state=true")).toBe(true);
  });

  it("serialises a cookie for the whole site that lasts 7 days", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604800);
    expect(sidebarStateCookie(false)).toBe(
      "sidebar_state=false; path=/; max-age=604800; SameSite=Lax",
    );
  });

  it("round-trips through document.cookie", () => {
    writeSidebarState(false);
    expect(readSidebarState()).toBe(false);
    writeSidebarState(true);
    expect(readSidebarState()).toBe(true);
  });
});
