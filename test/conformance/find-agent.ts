// The one finder for the real agents the conformance tests run, found the way a user installs them: an explicit
// variable (CODEX_BIN, CLAUDE_BIN, GEMINI_PACKAGE_DIR, PI_PACKAGE_DIR, COPILOT_BIN), else PATH (an npm bin symlink
// followed to its package folder, as `promptc agents` does), else an npm install into the user's cache
// ($XDG_CACHE_HOME/promptc/agents/<agent>/<version>, else ~/.cache/…). Returns the agent at the version its profile
// reproduces, or why not (the tests then skip and say so).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { getAdapter } from "../../src/capture/adapters/index.js";
import { findAgentInstall, versionFromOutput } from "../../src/host/find-agent-install.js";
import { CLAUDE_CODE_VERSION } from "../../src/profiles/claude-code/claude-code-facts.js";
import { COPILOT_VERSION } from "../../src/profiles/copilot/copilot-facts.js";
import { GEMINI_CLI_VERSION } from "../../src/profiles/gemini-cli/gemini-facts.js";
import { PI_VERSION } from "../../src/profiles/pi/pi-facts.js";

export const CODEX_VERSION = "0.171.0";

/** The agents, and ccusage (an npm tool the session reports are compared with, found the same way). */
export type AgentId = "codex" | "claude-code" | "gemini-cli" | "pi" | "copilot" | "ccusage";
export const CCUSAGE_VERSION = "18.0.11";

export interface FoundAgent {
  /** What to execute (for gemini-cli and pi: the package's entry script, run with node). */
  bin: string;
  /** The npm package folder, when the agent is one (gemini-cli and pi always). */
  packageDir?: string;
  version: string;
}
export type FindAgentResult = FoundAgent | { skip: string };

interface AgentSpec {
  version: string;
  /** The variable naming the agent: its binary, or (`packageEntry` agents) its package folder. */
  variable: string;
  /** Agents run as `node <package>/<packageEntry>`: the variable names the package folder. */
  packageEntry?: string;
  /** What the cache install fetches, and its runnable relative to node_modules. */
  install: { pkg: string; bin: string };
  /** Platforms the install package exists for (`linux-x64`); any when absent. */
  platform?: string;
  /** Names on PATH, for a tool that has no capture adapter (the agents' names are their adapters'). */
  executables?: string[];
}

const AGENTS: { readonly [id in AgentId]: AgentSpec } = {
  codex: { version: CODEX_VERSION, variable: "CODEX_BIN", install: { pkg: "@openai/codex", bin: ".bin/codex" } },
  // The wrapper package's bin is a stub until its postinstall fetches the native binary: install the native one.
  "claude-code": {
    version: CLAUDE_CODE_VERSION,
    variable: "CLAUDE_BIN",
    install: { pkg: "@anthropic-ai/claude-code-linux-x64", bin: "@anthropic-ai/claude-code-linux-x64/claude" },
    platform: "linux-x64",
  },
  "gemini-cli": {
    version: GEMINI_CLI_VERSION,
    variable: "GEMINI_PACKAGE_DIR",
    packageEntry: "bundle/gemini.js",
    install: { pkg: "@google/gemini-cli", bin: "@google/gemini-cli" },
  },
  pi: {
    version: PI_VERSION,
    variable: "PI_PACKAGE_DIR",
    packageEntry: "dist/cli.js",
    install: { pkg: "@mariozechner/pi-coding-agent", bin: "@mariozechner/pi-coding-agent" },
  },
  copilot: {
    version: COPILOT_VERSION,
    variable: "COPILOT_BIN",
    install: { pkg: "@github/copilot", bin: ".bin/copilot" },
  },
  ccusage: {
    version: CCUSAGE_VERSION,
    variable: "CCUSAGE_BIN",
    install: { pkg: "ccusage", bin: ".bin/ccusage" },
    executables: ["ccusage"],
  },
};

const found = new Map<AgentId, FindAgentResult>();

/** Looked up once per test file; an npm install into the cache happens at most once per version. */
export function findAgent(id: AgentId, env: { [name: string]: string | undefined } = process.env): FindAgentResult {
  const known = found.get(id);
  if (known) return known;
  const result = lookUp(id, AGENTS[id], env);
  found.set(id, result);
  return result;
}

/** The cache folder an agent is installed into when it is neither named nor on PATH. */
export function agentCacheDir(id: AgentId, env: { [name: string]: string | undefined } = process.env): string {
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(cache, "promptc", "agents", id, AGENTS[id].version);
}

function lookUp(id: AgentId, spec: AgentSpec, env: { [name: string]: string | undefined }): FindAgentResult {
  const named = env[spec.variable];
  if (named) return atVersion(spec, fromNamed(spec, named), `${spec.variable}=${named}`);
  const adapter = getAdapter(id);
  const executables = spec.executables ?? adapter?.executables ?? [];
  const onPath = findAgentInstall(executables, adapter?.packageName ?? spec.install.pkg, env);
  if (onPath) {
    const agent = spec.packageEntry
      ? onPath.packageDir
        ? fromPackage(spec, onPath.packageDir)
        : undefined
      : { bin: onPath.bin, ...(onPath.packageDir ? { packageDir: onPath.packageDir } : {}), version: onPath.version };
    // An install on PATH at another version is passed over for the cache, as a user keeps several versions.
    const checked = atVersion(spec, agent, `${onPath.bin} on PATH`);
    if (!("skip" in checked)) return checked;
  }
  return fromCache(id, spec, env);
}

function fromNamed(spec: AgentSpec, named: string): Partial<FoundAgent> | undefined {
  return spec.packageEntry ? fromPackage(spec, named) : { bin: named, version: runVersion(named) };
}

function fromPackage(spec: AgentSpec, dir: string): Partial<FoundAgent> | undefined {
  const bin = join(dir, spec.packageEntry!);
  if (!existsSync(bin)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string };
    return { bin, packageDir: dir, version: pkg.version };
  } catch {
    return { bin, packageDir: dir };
  }
}

function fromCache(id: AgentId, spec: AgentSpec, env: { [name: string]: string | undefined }): FindAgentResult {
  const here = `${process.platform}-${process.arch}`;
  if (spec.platform !== undefined && spec.platform !== here)
    return { skip: `no ${id} ${spec.version} (set ${spec.variable}; ${spec.install.pkg} is ${spec.platform} only)` };
  const cache = agentCacheDir(id, env);
  const installed = join(cache, "node_modules", spec.install.bin);
  if (!existsSync(installed)) {
    try {
      mkdirSync(cache, { recursive: true });
      const pkg = `${spec.install.pkg}@${spec.version}`;
      execFileSync("npm", ["install", "--prefix", cache, "--no-audit", "--no-fund", "--save-exact", pkg], {
        stdio: "ignore",
        timeout: 600_000,
      });
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      return { skip: `not named by ${spec.variable}, not on PATH, and cannot install into ${cache}: ${why}` };
    }
  }
  const agent = spec.packageEntry ? fromPackage(spec, installed) : { bin: installed, version: runVersion(installed) };
  return atVersion(spec, agent, `the install in ${cache}`);
}

function atVersion(spec: AgentSpec, agent: Partial<FoundAgent> | undefined, where: string): FindAgentResult {
  if (!agent?.bin) return { skip: `${where}: no runnable agent there` };
  if (agent.version === undefined) return { skip: `${where}: ${agent.bin} does not run` };
  return agent.version === spec.version
    ? { bin: agent.bin, ...(agent.packageDir ? { packageDir: agent.packageDir } : {}), version: agent.version }
    : { skip: `${where} is version ${agent.version}; the profile reproduces ${spec.version}` };
}

function runVersion(bin: string): string | undefined {
  try {
    return versionFromOutput(
      execFileSync(bin, ["--version"], { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "pipe"] }),
    );
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return versionFromOutput(`${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

/** The package folder of an agent run as `node <folder>/<entry>` (gemini-cli, pi), or why not. */
export function findAgentPackage(id: "gemini-cli" | "pi"): { dir: string } | { skip: string } {
  const agent = findAgent(id);
  return "skip" in agent ? agent : { dir: agent.packageDir! };
}
