// How the byte-exact conformance runs start each real agent offline against promptc's capture server, where it
// keeps its session files, and which per-run ids a comparison sets aside. Does IO (fs, child processes).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { COPILOT_REPLAYED_REPLY_ID } from "../../src/profiles/copilot/build-copilot-next-request.js";
import type { RandomAgent } from "./random-workspaces.js";

export interface AgentRun {
  /** The model requests' bodies, in order. */
  bodies: string[];
  exitCode: number | null;
  output: string;
}

export interface AgentRecipe {
  agent: RandomAgent;
  /** The command that starts the agent: the executable, then arguments before the agent's own. */
  command: (bin: string) => string[];
  /** Arguments of a first turn and of a resumed one. */
  first: (message: string) => string[];
  resume: (message: string) => string[];
  /** The environment of both the agent and the preview (the user's shell), for a server at `origin`; `seed`
   * varies the settings where they shape the body. */
  env: (origin: string, seed: number) => { [k: string]: string };
  /** Writes what a user of the agent has for it to talk to a loopback model (merged into the home's own); `seed`
   * varies the settings where they shape the body. */
  setUp: (home: string, origin: string, seed: number) => void;
  /** The session file the first turn wrote. */
  sessionFile: (home: string) => string | undefined;
  /** Per-run values (session ids, clock) replaced by a marker before comparing. */
  runIds: RegExp[];
  /** Values promptc knowingly cannot compute (each with a diagnostic saying so), replaced by its own marker. */
  unreproduced?: { pattern: RegExp; marker: string }[];
  /** Only requests whose URL matches count as the model's (not routers, not title calls). */
  mainRequest: RegExp;
  /** Scripted replies (YAML) of a first turn that reads `file` with the agent's own read tool, then answers. */
  readReplies: (file: string) => string;
}

function mergeJson(path: string, over: { [k: string]: unknown }): void {
  const own = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as { [k: string]: unknown }) : {};
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify({ ...own, ...over }));
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && keep(f));
}

const one = (files: string[]): string | undefined => (files.length === 1 ? files[0] : undefined);
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

export const AGENT_RECIPES: { [a in RandomAgent]: AgentRecipe } = {
  "gemini-cli": {
    agent: "gemini-cli",
    command: (bin) => (bin.endsWith(".js") ? [process.execPath, bin] : [bin]),
    first: (m) => ["-p", m, "--skip-trust"],
    resume: (m) => ["--resume", "latest", "-p", m, "--skip-trust"],
    env: (origin) => ({ GEMINI_API_KEY: "dummy", GOOGLE_GEMINI_BASE_URL: origin, GEMINI_TELEMETRY_ENABLED: "false" }),
    setUp: (home) =>
      mergeJson(join(home, ".gemini", "settings.json"), {
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
      }),
    sessionFile: (home) => one(filesUnder(join(home, ".gemini", "tmp"), (f) => /\/chats\/[^/]+$/.test(f))),
    runIds: [],
    mainRequest: /:streamGenerateContent/,
    readReplies: (file) => `- tool_calls: [{name: read_file, arguments: {file_path: '${file}'}}]\n- Read it.\n`,
  },
  pi: {
    agent: "pi",
    command: (bin) => (bin.endsWith(".js") ? [process.execPath, bin] : [bin]),
    first: (m) => ["-p", m],
    resume: (m) => ["--continue", "-p", m],
    env: () => ({ PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" }),
    setUp: (home, origin, seed) => {
      // The write-up's provider (Responses, every model field given) first, then models.json as users write it:
      // another API, named on the model instead of the provider, fields left to pi's defaults.
      const api = (["openai-responses", "openai-completions", "anthropic-messages"] as const)[seed % 3]!;
      const baseUrl = api === "anthropic-messages" ? origin : `${origin}/v1`;
      const full = seed % 2 === 1;
      const model = full
        ? { id: "gpt-test", name: "T", reasoning: true, contextWindow: 200000, maxTokens: 32000 }
        : { id: "gpt-test", ...(seed % 4 === 0 ? { api } : {}) };
      // pi's docs' example for servers without the developer role or reasoning_effort.
      const compat = seed > 6 ? { compat: { supportsDeveloperRole: false, supportsReasoningEffort: false } } : {};
      const provider = { baseUrl, ...("api" in model ? {} : { api }), apiKey: "dummy", ...compat, models: [model] };
      mergeJson(join(home, ".pi", "agent", "models.json"), { providers: { loopback: provider } });
      mergeJson(join(home, ".pi", "agent", "settings.json"), {
        enableInstallTelemetry: false,
        defaultProvider: "loopback",
        defaultModel: "gpt-test",
      });
    },
    sessionFile: (home) => one(filesUnder(join(home, ".pi", "agent", "sessions"), (f) => f.endsWith(".jsonl"))),
    runIds: [/(?<="prompt_cache_key":")[^"]*/g],
    mainRequest: /\/(responses|chat\/completions|messages)$/,
    readReplies: (file) => `- tool_calls: [{name: read, arguments: {path: '${file}'}, call_id: call_1}]\n- Read it.\n`,
  },
  copilot: {
    agent: "copilot",
    command: (bin) => [bin],
    first: (m) => ["-p", m, "--allow-all-tools", "--disable-client-telemetry"],
    resume: (m) => ["--continue", "-p", m, "--allow-all-tools", "--disable-client-telemetry"],
    // The write-up's Responses API on odd seeds, Copilot's default (Chat Completions: no WIRE_API) on even ones.
    env: (origin, seed) => ({
      COPILOT_OFFLINE: "true",
      COPILOT_AUTO_UPDATE: "false",
      COPILOT_PROVIDER_BASE_URL: `${origin}/v1`,
      COPILOT_PROVIDER_TYPE: "openai",
      ...(seed % 2 === 1 ? { COPILOT_PROVIDER_WIRE_API: "responses" } : {}),
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: "gpt-5.5",
    }),
    setUp: () => {},
    sessionFile: (home) => one(filesUnder(join(home, ".copilot", "session-state"), (f) => f.endsWith("events.jsonl"))),
    runIds: [
      new RegExp(`(?<=session-state/)${UUID}`, "g"),
      /(?<=<current_datetime>)[^<]*(?=<\/current_datetime>)/g,
      /(?<="prompt_cache_key":")[^"]*/g,
    ],
    // Copilot derives each replayed reply's id from its text by a function promptc does not know.
    unreproduced: [{ pattern: new RegExp(`"id":"msg_${UUID}"`, "g"), marker: `"id":"${COPILOT_REPLAYED_REPLY_ID}"` }],
    mainRequest: /\/(responses|chat\/completions)$/,
    readReplies: (file) => `- tool_calls: [{name: view, arguments: {path: '${file}'}, call_id: call_1}]\n- Read it.\n`,
  },
  "claude-code": {
    agent: "claude-code",
    command: (bin) => [bin],
    first: (m) => ["-p", m],
    resume: (m) => ["-p", "--continue", m],
    env: (origin) => ({
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
    }),
    setUp: () => {},
    sessionFile: (home) => one(filesUnder(join(home, ".claude", "projects"), (f) => f.endsWith(".jsonl"))),
    runIds: [new RegExp(`(?<=session_id\\\\":\\\\")${UUID}`, "g")],
    mainRequest: /\/v1\/messages/,
    readReplies: (file) =>
      `- tool_calls: [{name: Read, arguments: {file_path: '${file}'}, call_id: toolu_1}]\n- Read it.\n`,
  },
};

export function maskRunIds(recipe: AgentRecipe, body: string): string {
  const masked = recipe.runIds.reduce((text, re) => text.replace(re, "<run id>"), body);
  return (recipe.unreproduced ?? []).reduce((text, u) => text.replace(u.pattern, u.marker), masked);
}

/** Runs the agent once in `cwd` with `home`, against a fresh capture server. */
export async function runAgent(
  recipe: AgentRecipe,
  bin: string,
  where: { cwd: string; home: string; seed: number },
  args: string[],
  replies = "[]",
): Promise<AgentRun> {
  const { cwd, home } = where;
  const server = await startCaptureServer({ script: parseReplyScript(replies).value });
  try {
    recipe.setUp(home, server.origin, where.seed);
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      TERM: "dumb",
      LANG: "C.UTF-8",
      NO_PROXY: "127.0.0.1,localhost",
      ...recipe.env(server.origin, where.seed),
    };
    const [exe, ...pre] = recipe.command(bin);
    let output = "";
    const exitCode = await new Promise<number | null>((resolve) => {
      const child = spawn(exe!, [...pre, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (d: Buffer) => void (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => void (output += d.toString()));
      child.on("close", resolve);
    });
    const bodies = server.requests
      .filter((r) => r.reply.kind === "model" && recipe.mainRequest.test(r.url))
      .map((r) => Buffer.from(r.body).toString("utf8"));
    return { bodies, exitCode, output };
  } finally {
    await server.close();
  }
}
