// Finds the real Claude Code CLI for conformance tests: $CLAUDE_BIN, then /tmp/claude, then an npm install into a
// cache folder under the temp dir. Returns the binary or the reason it cannot be had (the tests then skip).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The version the capture view was checked against (2026-11-29). */
export const CLAUDE_CODE_VERSION = "2.1.197";
const PACKAGE = `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`;
const CANDIDATES = ["/tmp/claude/node_modules/.bin/claude"];

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

export type FindClaudeResult = { bin: string; version: string } | { skip: string };

export function findClaudeCode(): FindClaudeResult {
  const fromEnv = process.env.CLAUDE_BIN;
  if (fromEnv) {
    const v = versionOf(fromEnv);
    return v ? { bin: fromEnv, version: v } : { skip: `CLAUDE_BIN=${fromEnv} does not run` };
  }
  for (const bin of CANDIDATES) {
    const v = existsSync(bin) ? versionOf(bin) : undefined;
    if (v) return { bin, version: v };
  }
  const cache = join(tmpdir(), "promptc-claude-cache", CLAUDE_CODE_VERSION);
  const bin = join(cache, "node_modules", ".bin", "claude");
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
