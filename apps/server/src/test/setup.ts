import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

// An unexpected console.error fails the test (STYLE.md, Tests).
let errorSpy: MockInstance<typeof console.error>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = [...errorSpy.mock.calls];
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called: ${calls.map((args) => args.join(" ")).join("\n")}`);
  }
});
