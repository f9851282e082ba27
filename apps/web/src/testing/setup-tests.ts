import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, expect, vi } from "vitest";

// An unexpected console.error is a defect the test should report (STYLE.md, "Tests").
beforeEach(() => {
  vi.spyOn(console, "error");
  // jsdom does not implement scrolling, and says so through console.error.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in module state and replays them to the next test's Toaster.
  toast.dismiss();
  const calls = vi.mocked(console.error).mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  expect(calls, "console.error was called").toEqual([]);
});
