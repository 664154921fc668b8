// Finds an agent CLI installed from npm for conformance tests ($<ENV>, a known path, else an npm install into a
// cache folder under the temp dir); findCodex() for the Codex CLI 0.171.0. Returns the binary or why not (skip).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CODEX_VERSION = "0.171.0";

export type FindAgentResult = { bin: string; version: string } | { skip: string };
/** Kept for the tests that import it by this name. */
export type FindCodexResult = FindAgentResult;

export interface NpmAgentSpec {
  /** Environment variable naming the binary (`CODEX_BIN`). */
  envVar: string;
  /** Paths tried before installing. */
  candidates: string[];
  /** `name@version` to install. */
  pkg: string;
  /** Executable name under node_modules/.bin. */
  bin: string;
  /** Folder under the temp dir for the install. */
  cacheName: string;
  version: string;
}

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ["--version"], {
      encoding: "utf8",
      timeout: 30_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

export function findNpmAgent(spec: NpmAgentSpec): FindAgentResult {
  const fromEnv = process.env[spec.envVar];
  if (fromEnv) {
    const v = versionOf(fromEnv);
    return v ? { bin: fromEnv, version: v } : { skip: `${spec.envVar}=${fromEnv} does not run` };
  }
  for (const bin of spec.candidates) {
    const v = existsSync(bin) ? versionOf(bin) : undefined;
    if (v) return { bin, version: v };
  }
  const cache = join(tmpdir(), spec.cacheName, spec.version);
  const bin = join(cache, "node_modules", ".bin", spec.bin);
  if (!existsSync(bin)) {
    try {
      mkdirSync(cache, { recursive: true });
      execFileSync("npm", ["install", "--prefix", cache, "--no-audit", "--no-fund", "--save-exact", spec.pkg], {
        stdio: "ignore",
        timeout: 600_000,
      });
    } catch (error) {
      return {
        skip: `cannot install ${spec.pkg} into ${cache}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      };
    }
  }
  const v = versionOf(bin);
  return v ? { bin, version: v } : { skip: `${spec.pkg} installed into ${cache} but ${bin} does not run` };
}

export function findCodex(): FindAgentResult {
  return findNpmAgent({
    envVar: "CODEX_BIN",
    candidates: ["/tmp/codex/node_modules/.bin/codex"],
    pkg: `@openai/codex@${CODEX_VERSION}`,
    bin: "codex",
    cacheName: "promptc-codex-cache",
    version: CODEX_VERSION,
  });
}
