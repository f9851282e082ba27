import { defineConfig } from "vitest/config";
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/**/*.spec.ts"],
    globalSetup: ["support/global-setup.ts"],
    // One browser journey at a time: the machine has two cores and one app under test.
    fileParallelism: false,
    testTimeout: 90000,
    hookTimeout: 90000,
  },
});
