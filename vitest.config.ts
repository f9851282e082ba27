import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) leaves one of two cores idle; the integration tests wait on
    // their embedded database or on sockets often enough that two files at once finish sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
