import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/conformance/**", "node_modules/**", "test/lint/precision/**"],
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
    // Safety nets, not outcomes: a test that hangs fails, a test on a busy machine (both cores saturated, another
    // suite beside it) has room. Timing is measured in bench/, never asserted here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
