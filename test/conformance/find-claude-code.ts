// Finds the real Claude Code CLI for conformance tests, at the version the claude-code profile reproduces:
// $CLAUDE_BIN, then the native binary of an existing install, then an npm install of the native package into a
// cache folder under the temp dir (the wrapper package's bin is a stub until its blocked postinstall runs).
// Returns the binary or the reason it cannot be had (the tests then skip).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLAUDE_CODE_VERSION } from "../../src/profiles/claude-code/claude-code-facts.js";
import type { FindAgentResult } from "./find-codex.js";

export { CLAUDE_CODE_VERSION };
export type FindClaudeResult = FindAgentResult;

const NATIVE = "@anthropic-ai/claude-code-linux-x64";
const CANDIDATES = [`/tmp/agents/claude/node_modules/${NATIVE}/claude`];

function check(bin: string): FindAgentResult {
  let version: string;
  try {
    version = execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 60_000 }).trim();
  } catch {
    return { skip: `${bin} does not run` };
  }
  return version.startsWith(`${CLAUDE_CODE_VERSION} `)
    ? { bin, version }
    : { skip: `${bin} is ${version}, the profile reproduces ${CLAUDE_CODE_VERSION}` };
}

export function findClaudeCode(): FindClaudeResult {
  if (process.env.CLAUDE_BIN) return check(process.env.CLAUDE_BIN);
  const found = CANDIDATES.find((bin) => existsSync(bin));
  if (found !== undefined) return check(found);
  if (process.platform !== "linux" || process.arch !== "x64")
    return { skip: `no Claude Code ${CLAUDE_CODE_VERSION} binary (set CLAUDE_BIN; ${NATIVE} is linux-x64 only)` };
  const cache = join(tmpdir(), "promptc-claude-cache", CLAUDE_CODE_VERSION);
  const bin = join(cache, "node_modules", NATIVE, "claude");
  if (!existsSync(bin)) {
    try {
      mkdirSync(cache, { recursive: true });
      execFileSync(
        "npm",
        ["install", "--prefix", cache, "--no-audit", "--no-fund", "--save-exact", `${NATIVE}@${CLAUDE_CODE_VERSION}`],
        { stdio: "ignore", timeout: 600_000 },
      );
    } catch (error) {
      return {
        skip: `cannot install ${NATIVE}@${CLAUDE_CODE_VERSION} into ${cache}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      };
    }
  }
  return check(bin);
}
