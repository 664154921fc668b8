import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/conformance/**", "node_modules/**", "test/lint/precision/**"],
    pool: "forks",
    testTimeout: 30_000,
  },
});
