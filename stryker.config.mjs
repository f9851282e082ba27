// Mutation testing of the engine's checks and scoring (issue 20): `npm run test:mutation`.
// Not part of CI (it takes a long time); how to run and read it is in docs/reliability.md.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  mutate: [
    "packages/engine/src/checks/**/*.ts",
    "packages/engine/src/scoring/**/*.ts",
    "!**/*.test.ts",
  ],
  testRunner: "vitest",
  // Only the engine's project: its tests are the ones that can kill these mutants.
  vitest: { configFile: "packages/engine/vitest.config.ts", dir: "packages/engine" },
  coverageAnalysis: "perTest",
  // A static mutant (a module-level constant: a regex, a word list, a check's metadata) needs
  // every related test run again in fresh modules: 35% of the mutants took 73% of the time.
  ignoreStatic: true,
  // Reruns test only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  // The sandbox needs the engine alone (node_modules is linked, not copied).
  ignorePatterns: ["/apps", "/e2e", "/docs/*", "!/docs/checks", "/packages/*", "!/packages/engine"],
  // The machine is shared: raise with --concurrency when it is yours alone.
  concurrency: 1,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  tempDirName: ".stryker-tmp",
};
