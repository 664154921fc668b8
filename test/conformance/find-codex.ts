// Finds the Codex CLI 0.171.0 for conformance tests: $CODEX_BIN, then /tmp/codex, then an npm install into a
// cache folder under the temp dir. Returns the binary or the reason it cannot be had (the tests then skip).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CODEX_VERSION = "0.171.0";
const PACKAGE = `@openai/codex@${CODEX_VERSION}`;
const CANDIDATES = ["/tmp/codex/node_modules/.bin/codex"];

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

export type FindCodexResult = { bin: string; version: string } | { skip: string };

export function findCodex(): FindCodexResult {
  const fromEnv = process.env.CODEX_BIN;
  if (fromEnv) {
    const v = versionOf(fromEnv);
    return v ? { bin: fromEnv, version: v } : { skip: `CODEX_BIN=${fromEnv} does not run` };
  }
  for (const bin of CANDIDATES) {
    const v = existsSync(bin) ? versionOf(bin) : undefined;
    if (v) return { bin, version: v };
  }
  const cache = join(tmpdir(), "promptc-codex-cache", CODEX_VERSION);
  const bin = join(cache, "node_modules", ".bin", "codex");
  if (!existsSync(bin)) {
    try {
      mkdirSync(cache, { recursive: true });
      execFileSync("npm", ["install", "--prefix", cache, "--no-audit", "--no-fund", "--save-exact", PACKAGE], { stdio: "ignore", timeout: 600_000 });
    } catch (error) {
      return { skip: `cannot install ${PACKAGE} into ${cache}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
    }
  }
  const v = versionOf(bin);
  return v ? { bin, version: v } : { skip: `${PACKAGE} installed into ${cache} but ${bin} does not run` };
}
