// Gathers a PiTurn: the agent dir (`$PI_CODING_AGENT_DIR`, else ~/.pi/agent), settings.json (project
// `.pi/settings.json` over the agent dir's), the provider and model from models.json, context files, skills,
// SYSTEM.md/APPEND_SYSTEM.md. IO through the Host only; the install folder and git root come in as data.
import type { Host } from "../../host/host.js";
import type { AgentInstallSource } from "../../model/agent-install.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import {
  PI_APIS,
  PI_THINKING_LEVELS,
  type PiApi,
  type PiCompat,
  type PiProvider,
  type PiTurn,
} from "../../profiles/pi/pi-turn.js";
import { joinPath, normalizePath, resolvePath } from "../paths.js";
import { createPiFolders, discoverPiContext, type PiContextResult, type PiFolders } from "./discover-pi-context.js";
import {
  createPiSkillFolders,
  discoverPiSkills,
  type PiSkillFolders,
  type PiSkillsResult,
} from "./discover-pi-skills.js";

export interface LoadPiTurnOptions {
  cwd: string;
  home: string;
  gitRoot?: string;
  date: string;
  message: string;
  model?: string;
  sessionId: string;
  /** pi's package folder (README.md, docs/, examples/ are named in its prompt). */
  installDir?: string;
  /** The executable that folder was found from (calibration's or PATH's), for the diagnostic naming it. */
  installSource?: Pick<AgentInstallSource, "bin" | "from">;
  /** What other launches of the same run already read (lint starts pi in many folders of one tree). */
  folders?: PiRunFolders;
}

/** The folders' readings one run shares: context files and skill roots. */
export interface PiRunFolders {
  context: PiFolders;
  skills: PiSkillFolders;
}

export function createPiRunFolders(): PiRunFolders {
  return { context: createPiFolders(), skills: createPiSkillFolders() };
}

export interface LoadedPiTurn {
  turn: PiTurn;
  context: PiContextResult;
  skills: PiSkillsResult;
  agentDir: string;
  diagnostics: Diagnostic[];
}

/** Shown where pi's install folder goes when promptc cannot find pi. */
export const PI_INSTALL_PLACEHOLDER = "<pi install folder>";

/** Built-in providers' APIs (a models.json entry of the same name may override them). */
const BUILTIN_APIS: { [provider: string]: PiApi } = {
  anthropic: "anthropic-messages",
  openai: "openai-responses",
  google: "google-generative-ai",
};

type Json = { [key: string]: unknown };

/** pi's max output tokens for a models.json model that names none (its model registry's default). */
const PI_CUSTOM_MODEL_MAX_TOKENS = 16_384;

function readJson(host: Host, path: string, diagnostics: Diagnostic[]): Json | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(r.value.bytes));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
  } catch {
    diagnostics.push(
      diagnostic("pi/invalid-json", "warning", `${path} is not valid JSON; pi would not start with it`, { file: path }),
    );
    return undefined;
  }
}

const isJson = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** The `compat` switches promptc models (the rest of pi's are for servers whose bodies it does not lay out). */
function piCompatOf(c: Json): PiCompat | undefined {
  const out: PiCompat = {};
  for (const k of [
    "supportsDeveloperRole",
    "supportsReasoningEffort",
    "supportsStore",
    "supportsUsageInStreaming",
  ] as const)
    if (typeof c[k] === "boolean") out[k] = c[k];
  if (c.maxTokensField === "max_tokens" || c.maxTokensField === "max_completion_tokens")
    out.maxTokensField = c.maxTokensField;
  return Object.keys(out).length > 0 ? out : undefined;
}

function resolveProvider(
  host: Host,
  agentDir: string,
  settings: Json,
  modelFlag: string | undefined,
  diagnostics: Diagnostic[],
): PiProvider {
  const providerName = typeof settings.defaultProvider === "string" ? settings.defaultProvider : undefined;
  const modelId = modelFlag ?? (typeof settings.defaultModel === "string" ? settings.defaultModel : undefined);
  const models = readJson(host, joinPath(agentDir, "models.json"), diagnostics);
  const providers = (models?.providers ?? {}) as { [name: string]: Json };
  const fallback: PiProvider = {
    name: providerName ?? "openai",
    api: BUILTIN_APIS[providerName ?? "openai"] ?? "openai-responses",
    baseUrl: "",
    model: modelId ?? "",
    maxTokens: 32_000,
    reasoning: true,
  };
  if (providerName === undefined) {
    diagnostics.push(
      diagnostic(
        "pi/no-default-provider",
        "warning",
        `${joinPath(agentDir, "settings.json")} names no defaultProvider; promptc assumes ${fallback.api} with pi's defaults`,
        { file: joinPath(agentDir, "settings.json") },
      ),
    );
    return fallback;
  }
  const p = providers[providerName];
  if (p === undefined) {
    diagnostics.push(
      diagnostic(
        "pi/builtin-provider",
        "info",
        `provider ${providerName} is not in models.json; promptc lays the body out for ${fallback.api}, with max tokens and reasoning assumed (32,000, on)`,
        { file: joinPath(agentDir, "models.json") },
      ),
    );
    return fallback;
  }
  const list = Array.isArray(p.models) ? (p.models as Json[]) : [];
  // Measured: a model the provider does not list is replaced by the provider's first one.
  const m = list.find((x) => x.id === modelId) ?? list[0];
  // pi's model registry: a model's own api and baseUrl override the provider's, and a built-in provider's fill in.
  const named = m?.api ?? p.api ?? BUILTIN_APIS[providerName];
  const api =
    typeof named === "string" && (PI_APIS as readonly string[]).includes(named) ? (named as PiApi) : undefined;
  if (api === undefined)
    diagnostics.push(
      diagnostic(
        "pi/unknown-api",
        "warning",
        `provider ${providerName} has api ${JSON.stringify(named)}; promptc knows ${PI_APIS.join(", ")}`,
        { file: joinPath(agentDir, "models.json") },
      ),
    );
  const baseUrl = m?.baseUrl ?? p.baseUrl;
  if (modelId !== undefined && m?.id !== modelId)
    diagnostics.push(
      diagnostic(
        "pi/unknown-model",
        "warning",
        `model ${modelId} is not listed under provider ${providerName} in models.json; pi falls back to ${typeof m?.id === "string" ? m.id : "no model"}`,
        { file: joinPath(agentDir, "models.json") },
      ),
    );
  const compat = piCompatOf({ ...(isJson(p.compat) ? p.compat : {}), ...(isJson(m?.compat) ? m.compat : {}) });
  return {
    ...(compat !== undefined ? { compat } : {}),
    name: providerName,
    api: api ?? "openai-responses",
    baseUrl: typeof baseUrl === "string" ? baseUrl : "",
    model: typeof m?.id === "string" ? m.id : (modelId ?? ""),
    maxTokens: typeof m?.maxTokens === "number" ? m.maxTokens : PI_CUSTOM_MODEL_MAX_TOKENS,
    reasoning: m?.reasoning === true,
  };
}

/** pi's package folder as pi finds it: `$PI_PACKAGE_DIR`, else the folder of the pi the user runs; said in an info. */
function piInstallDir(
  host: Host,
  cwd: string,
  options: LoadPiTurnOptions,
  diagnostics: Diagnostic[],
): string | undefined {
  const envDir = host.env("PI_PACKAGE_DIR");
  const note = (message: string) => diagnostics.push(diagnostic("pi/install-folder", "info", message));
  if (envDir) {
    const dir = resolvePath(cwd, envDir, options.home);
    note(`pi's install folder in its prompt: ${dir} (PI_PACKAGE_DIR)`);
    return dir;
  }
  const { installDir, installSource } = options;
  if (installDir === undefined) {
    diagnostics.push(
      diagnostic(
        "pi/install-not-found",
        "info",
        `pi is not on PATH and not calibrated; its prompt names its install folder, shown here as ${PI_INSTALL_PLACEHOLDER}`,
      ),
    );
    return undefined;
  }
  const from =
    installSource === undefined
      ? ""
      : installSource.from === "calibration"
        ? ` (from ${installSource.bin}, the pi \`promptc calibrate\` ran)`
        : ` (from ${installSource.bin} on PATH)`;
  note(`pi's install folder in its prompt: ${installDir}${from}`);
  return installDir;
}

export function loadPiTurn(host: Host, options: LoadPiTurnOptions): LoadedPiTurn {
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const envDir = host.env("PI_CODING_AGENT_DIR");
  const agentDir = envDir ? resolvePath(cwd, envDir, options.home) : joinPath(options.home, ".pi", "agent");
  const settings = {
    ...(readJson(host, joinPath(agentDir, "settings.json"), diagnostics) ?? {}),
    ...(readJson(host, joinPath(cwd, ".pi", "settings.json"), diagnostics) ?? {}),
  };
  const level = PI_THINKING_LEVELS.find((l) => l === settings.defaultThinkingLevel);
  const provider = resolveProvider(host, agentDir, settings, options.model, diagnostics);
  if (
    (settings.defaultThinkingLevel !== undefined && level === undefined) ||
    (level !== undefined && level !== "medium" && provider.api === "google-generative-ai")
  ) {
    diagnostics.push(
      diagnostic(
        "pi/thinking-level",
        "warning",
        `defaultThinkingLevel ${String(settings.defaultThinkingLevel)}: promptc models pi's levels (${PI_THINKING_LEVELS.join(", ")}) on the OpenAI and Anthropic APIs, and only medium on Google's`,
      ),
    );
  }
  const context = discoverPiContext(
    host,
    options.folders !== undefined ? { cwd, agentDir, folders: options.folders.context } : { cwd, agentDir },
  );
  const skillOptions: Parameters<typeof discoverPiSkills>[1] = { cwd, agentDir, home: options.home };
  if (options.folders !== undefined) skillOptions.folders = options.folders.skills;
  if (options.gitRoot !== undefined) skillOptions.gitRoot = options.gitRoot;
  const skills = discoverPiSkills(host, skillOptions);
  const installDir = piInstallDir(host, cwd, options, diagnostics);
  const turn: PiTurn = {
    cwd,
    date: options.date,
    message: options.message,
    installDir: installDir ?? PI_INSTALL_PLACEHOLDER,
    contextFiles: context.files.map((f) => ({ path: f.path, content: f.content })),
    skills: skills.skills.map((s) => ({
      name: s.name,
      description: s.description,
      path: s.path,
      disableModelInvocation: s.disableModelInvocation,
    })),
    provider,
    sessionId: options.sessionId,
  };
  if (level !== undefined && level !== "medium") turn.thinkingLevel = level;
  // Measured (obra/superpowers): pi runs the cwd's .pi/extensions, which may add skills and messages.
  const extensions = joinPath(cwd, ".pi", "extensions");
  const listed = host.readDir(extensions);
  if (listed.ok && listed.value.length > 0)
    diagnostics.push(
      diagnostic(
        "pi/project-extensions",
        "warning",
        `${extensions} holds pi extensions, which pi runs at start; what they add to the request (skills, messages) is not in this preview`,
        { file: extensions },
      ),
    );
  if (context.systemMd) turn.systemMd = context.systemMd.content;
  if (context.appendSystemMd) turn.appendSystem = context.appendSystemMd.content;
  return {
    turn,
    context,
    skills,
    agentDir,
    diagnostics: [...diagnostics, ...context.diagnostics, ...skills.diagnostics],
  };
}
