import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";

// An unexpected console.error is a defect the test should report (STYLE.md, "Tests").
beforeEach(() => {
  vi.spyOn(console, "error");
  // jsdom does not implement scrolling, and says so through console.error.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = vi.mocked(console.error).mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  expect(calls, "console.error was called").toEqual([]);
});
