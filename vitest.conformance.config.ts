import { defineConfig } from "vitest/config";

// Conformance tests run the real Codex CLI; they are not part of `npm test`.
export default defineConfig({
  test: {
    include: ["test/conformance/**/*.test.ts"],
    pool: "forks",
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
