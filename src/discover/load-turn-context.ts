// loadTurnContext: everything discovery knows about one turn (config, AGENTS.md, skills, rules, environment,
// user input) as a TurnContext. IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { ApprovalPolicy, PermissionsInfo, SandboxMode, TurnContext } from "../model/turn-context.js";
import type { DecodeMode } from "./decode-doc.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import { discoverPrefixRules } from "./discover-prefix-rules.js";
import { discoverSkills } from "./discover-skills.js";
import { loadImages } from "./load-images.js";
import { resolvePath } from "./paths.js";
import { resolveCodexHome, type KnownCodexHome } from "./resolve-codex-home.js";
import { discoverEnvironment } from "./resolve-environment.js";
import { charCount, formatCount } from "./text-utils.js";
import { appendAll } from "../model/append-all.js";
import { cannotRead } from "../model/file-error.js";
import {
  CONFIG_THEN_NEVER,
  describeApproval,
  resolveApproval,
  type ApprovalInputs,
  type ApprovalRules,
} from "../model/approval-rules.js";

/** Codex's MAX_USER_INPUT_TEXT_CHARS (characters, not bytes). */
export const MAX_USER_INPUT_TEXT_CHARS = 1 << 20;
/** A fixed session id so output is reproducible unless the caller passes one. */
export const PLACEHOLDER_SESSION_ID = "00000000-0000-7000-8000-000000000000";
/** Used when neither the options nor config.toml name a model (the capture setup's model). */
export const DEFAULT_MODEL = "gpt-5.2-codex";
/** `codex exec` defaults. */
export const DEFAULT_SANDBOX: SandboxMode = "read-only";
/** Codex 0.171.0's default when `[projects."<cwd or its project root>"]` has a `trust_level`. */
export const TRUST_ENTRY_SANDBOX: SandboxMode = "workspace-write";
/** Without a flag or a config policy (promptc's loop; `codex exec` forces it). */
export const DEFAULT_APPROVAL: ApprovalPolicy = CONFIG_THEN_NEVER.fallback;

export interface LoadTurnContextOptions {
  /** Working directory (`-C`); relative to the host's cwd; default the host's cwd. */
  cwd?: string;
  /** Default `$CODEX_HOME`, else `~/.codex`. */
  codexHome?: string;
  /** Config file instead of `$CODEX_HOME/config.toml` (`--config`). */
  configFile?: string;
  /** `[profiles.X]` in config.toml to apply (overrides its `profile` key). */
  configProfile?: string;
  sandbox?: SandboxMode;
  approval?: ApprovalPolicy;
  /** How the policy follows from config and trust when `approval` is unset; default: the config's, else never. */
  approvalRules?: ApprovalRules;
  /** The entry point not modelled and how to select it: a one-line note then says what each one sends. */
  otherApproval?: { rules: ApprovalRules; how: string };
  model?: string;
  /** The model when neither `model` nor config.toml names one (Codex: the catalogue's default); else DEFAULT_MODEL. */
  defaultModel?: string;
  sessionId?: string;
  /** `YYYY-MM-DD`. */
  date?: string;
  timezone?: string;
  shell?: string;
  /** The user's message text. */
  message?: string;
  /** Image paths (read and inlined as data URLs) or `data:`/`http(s):` URLs. */
  images?: string[];
  /** Base instructions file (`--base-instructions`); overrides `model_instructions_file`. */
  baseInstructionsFile?: string;
  /** `lossy` (codex profile, default) or `char-boundary` (promptc profile). */
  decode?: DecodeMode;
  /** Admin skills root; default `/etc/codex/skills`; `null` to leave it out. */
  adminSkillsRoot?: string | null;
}

/**
 * `value` is undefined when the turn cannot be built (missing cwd, bad config, oversized message…): the
 * diagnostics then hold at least one `error`, and the CLI prints it and exits 2. `known`: the CODEX_HOME and
 * config the caller already resolved with these options on this host (used when its folder is the turn's), so
 * config.toml is read and parsed once per turn.
 */
export function loadTurnContext(
  host: Host,
  options: LoadTurnContextOptions = {},
  known?: KnownCodexHome,
): Result<TurnContext | undefined> {
  const diagnostics: Diagnostic[] = [];
  const fail = (): Result<undefined> => ({ value: undefined, diagnostics });
  const home = host.home();
  const hostCwd = host.cwd();

  const requested = resolvePath(hostCwd, options.cwd ?? hostCwd, home);
  const real = host.realpath(requested);
  if (!real.ok) {
    diagnostics.push(
      diagnostic("discover/missing-cwd", "error", `${cannotRead(requested, real.error)} (the working directory)`, {
        file: requested,
      }),
    );
    return fail();
  }
  const cwd = real.value;
  const cwdStat = host.stat(cwd);
  if (!cwdStat.ok || cwdStat.value.kind !== "directory") {
    diagnostics.push(
      diagnostic("discover/missing-cwd", "error", `working directory ${cwd} is not a directory`, { file: cwd }),
    );
    return fail();
  }

  const text = options.message ?? "";
  const chars = charCount(text);
  if (chars > MAX_USER_INPUT_TEXT_CHARS) {
    diagnostics.push(
      diagnostic(
        "input/too-long",
        "error",
        `the message has ${formatCount(chars)} characters; Codex rejects messages over ${formatCount(MAX_USER_INPUT_TEXT_CHARS)} characters (MAX_USER_INPUT_TEXT_CHARS)`,
        {
          data: { chars, maxChars: MAX_USER_INPUT_TEXT_CHARS },
        },
      ),
    );
    return fail();
  }

  const resolved =
    known !== undefined && known.projectCwd === cwd
      ? known.resolved
      : resolveCodexHome(host, {
          cwd: hostCwd,
          ...(options.codexHome !== undefined ? { codexHome: options.codexHome } : {}),
          ...(options.configFile !== undefined ? { configFile: options.configFile } : {}),
          ...(options.configProfile !== undefined ? { configProfile: options.configProfile } : {}),
          projectCwd: cwd,
        });
  appendAll(diagnostics, resolved.diagnostics);
  if (!resolved.value) return fail();
  const { codexHome } = resolved.value;
  const { config, cwdTrust } = resolved.value.loaded;
  let baseInstructions = resolved.value.loaded.baseInstructions;
  if (options.baseInstructionsFile !== undefined) {
    const path = resolvePath(hostCwd, options.baseInstructionsFile, home);
    const read = host.readBytes(path);
    const decoded = read.ok ? decodeStrict(read.value.bytes) : undefined;
    if (decoded === undefined || decoded.trim() === "") {
      const why = !read.ok
        ? cannotRead(path, read.error)
        : `base instructions file ${path} is ${decoded === undefined ? "not valid UTF-8" : "empty"}`;
      diagnostics.push(diagnostic("config/base-instructions", "error", why, { file: path }));
      return fail();
    }
    baseInstructions = { text: decoded, source: path };
  }

  const env = discoverEnvironment(host, {
    ...(options.shell !== undefined ? { shell: options.shell } : {}),
    ...(options.date !== undefined ? { date: options.date } : {}),
    ...(options.timezone !== undefined ? { timezone: options.timezone } : {}),
  });
  appendAll(diagnostics, env.diagnostics);

  const instructions = discoverAgentsMd(host, {
    cwd,
    codexHome,
    budgetBytes: config.projectDocMaxBytes,
    fallbackFilenames: config.projectDocFallbackFilenames,
    projectRootMarkers: config.projectRootMarkers,
    decode: options.decode ?? "lossy",
    ...(cwdTrust === "untrusted" ? { projectDocsUntrusted: true } : {}),
  });
  appendAll(diagnostics, instructions.diagnostics);

  const skills = discoverSkills(host, {
    cwd,
    codexHome,
    ...(home ? { home } : {}),
    projectRootMarkers: config.projectRootMarkers,
    ...(options.adminSkillsRoot !== undefined ? { adminSkillsRoot: options.adminSkillsRoot } : {}),
    disabledPaths: config.disabledSkillPaths,
  });
  appendAll(diagnostics, skills.diagnostics);
  // Measured (0.171.0, exec and prompt-input): a project's skills are listed whatever its trust, though an
  // untrusted project's docs and config layers are not sent.
  const repoSkills = skills.value.skills.filter((s) => s.scope === "repo").length;
  if (cwdTrust === "untrusted" && repoSkills > 0)
    diagnostics.push(
      diagnostic(
        "skills/untrusted-project",
        "info",
        `the project is marked untrusted, yet Codex lists its ${repoSkills} skill${repoSkills === 1 ? "" : "s"} (project skills do not depend on trust)`,
      ),
    );

  const rules = discoverPrefixRules(host, codexHome);
  appendAll(diagnostics, rules.diagnostics);

  const images = loadImages(host, cwd, options.images ?? []);
  appendAll(diagnostics, images.diagnostics);

  if (diagnostics.some((d) => d.severity === "error")) return fail();

  // A cwd with a trust entry (trusted or untrusted, its own or its project root's) defaults to workspace-write.
  const sandbox =
    options.sandbox ?? config.sandboxMode ?? (cwdTrust !== undefined ? TRUST_ENTRY_SANDBOX : DEFAULT_SANDBOX);
  const approvalInputs: ApprovalInputs = {
    ...(options.approval !== undefined ? { flag: options.approval } : {}),
    ...(config.approvalPolicy !== undefined ? { config: config.approvalPolicy } : {}),
    ...(cwdTrust !== undefined ? { trust: cwdTrust } : {}),
  };
  const approvalRules = options.approvalRules ?? CONFIG_THEN_NEVER;
  if (options.otherApproval)
    diagnostics.push(
      diagnostic(
        "permissions/approval-entry-point",
        "info",
        describeApproval(approvalRules, options.otherApproval, approvalInputs),
      ),
    );
  const permissions: PermissionsInfo = {
    sandbox,
    approval: resolveApproval(approvalRules, approvalInputs).policy,
    networkAccess: sandbox === "danger-full-access" || (sandbox === "workspace-write" && config.networkAccess),
    configuredWritableRoots: config.writableRoots,
    tmpExists: env.value.tmpExists,
    approvedPrefixes: rules.value.approvedPrefixes,
  };
  if (env.value.tmpdir !== undefined) permissions.tmpdir = env.value.tmpdir;

  const context: TurnContext = {
    model: options.model ?? config.model ?? options.defaultModel ?? DEFAULT_MODEL,
    sessionId: options.sessionId ?? PLACEHOLDER_SESSION_ID,
    environment: { cwd, shell: env.value.shell, currentDate: env.value.currentDate, timezone: env.value.timezone },
    permissions,
    userInstructions: instructions.value,
    skills: skills.value,
    userInput: { text, images: images.value },
  };
  if (baseInstructions) context.baseInstructions = baseInstructions;
  if (config.developerInstructions !== undefined) context.developerInstructions = config.developerInstructions;
  if (config.modelContextWindow !== undefined) context.contextWindow = config.modelContextWindow;
  if (config.modelAutoCompactTokenLimit !== undefined)
    context.autoCompactTokenLimit = config.modelAutoCompactTokenLimit;
  if (config.compactPrompt !== undefined) context.compactPrompt = config.compactPrompt;
  if (config.shellEnvironmentPolicy !== undefined) context.shellEnvironmentPolicy = config.shellEnvironmentPolicy;
  return { value: context, diagnostics };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function decodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
