import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "packages/contracts",
      "packages/engine",
      "packages/google-emulator",
      "packages/dodo-emulator",
      "apps/server",
      "apps/web",
    ],
  },
});
