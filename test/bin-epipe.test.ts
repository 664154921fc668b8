// A reader that closes the pipe early (`promptc … | head`) must not crash the CLI with EPIPE.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "dist", "bin.js");

describe("bin", () => {
  it("ends quietly when stdout's reader goes away", () => {
    // `head -c 10` closes the pipe after ten bytes while promptc still has ~100 KB of rules to print.
    const r = spawnSync(
      "bash",
      ["-c", `set -o pipefail; node ${JSON.stringify(BIN)} lint --list-rules --json | head -c 10 >/dev/null`],
      {
        encoding: "utf8",
        env: { ...process.env, PROMPTC_TOKEN_CACHE: "off" },
      },
    );
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.status).toBe(0);
  });
});
