// `promptc compact`'s inputs: the session file or scenario, the summary prefix (your file, the log's own, a
// calibration, a profile's template, or a stand-in) and the model window. Does IO (CLI edge).
import { dirname, resolve } from "node:path";
import { readInputText } from "../read-input.js";
import { rebuildLegacyCompaction } from "../../compact/build-compacted-history.js";
import { sessionLogFromScenario } from "../../scenario/session-log-from-scenario.js";
import { defaultProse } from "../../compile/compile.js";
import { readSessionLog } from "../../session-log/read-session-log.js";
import { createNodeHost } from "../../host/node-host.js";
import { modelContextWindow } from "../../profiles/model-info.js";
import { diagnostic, type Result } from "../../model/diagnostic.js";
import type { ParsedSessionLog } from "../../session-log/parse-rollout.js";
import {
  codexProfile,
  DEFAULT_PROFILE_ID,
  ENVELOPE_PROFILE_IDS,
  findProfile,
  hasEnvelopeLayout,
  type ProfileId,
} from "../../profiles/index.js";
import { calibratedTextFor, catalogueContextWindow } from "../../setup/index.js";
import type { CliIO } from "../io.js";
import { compileScenarioFile, isBodyScenario } from "../../scenario/compile-scenario-file.js";
import { isPromptcLog } from "../../session-log/session-log.js";
import { loadAgentSession } from "./compact-agent-session.js";
import type { Input } from "./compact-input-type.js";
import { HARNESS_COMPACT_STAND_INS, type HarnessCompactProse } from "../../compact/harness-compact-prose.js";

const SCENARIO_EXTENSION = /\.ya?ml$/i;
const JSON_EXTENSION = /\.json$/i;

export interface CompactCliOptions {
  json?: boolean;
  summary?: string;
  summaryFile?: string;
  summaryPrefixFile?: string;
  profile?: string;
  /** Unset: the input's own agent's strategy, else codex-local. */
  strategy?: string;
  contextWindow?: string;
  autoCompactLimit?: string;
  /** Hidden aliases of --context-window and --auto-compact-limit (their first spellings). */
  window?: string;
  limit?: string;
  maxUserTokens?: string;
  keepRecent?: string;
  config?: string;
  pin?: string[];
  initialContext: boolean;
  logPrefix: boolean;
  estimate: string;
  color?: boolean;
}

export type Loaded = { ok: true; value: string; origin: string } | { ok: false; error: string };

export type { Input };

/** The prose around another harness's summary: what the input recorded, else labelled stand-ins. */
export function harnessProseFor(input: Input): HarnessCompactProse {
  return { ...HARNESS_COMPACT_STAND_INS, ...input.prose };
}

/** The lead a strategy puts before its summary when the user gives none: recovered from the input, or a stand-in. */
function harnessLead(strategy: string, input: Input): Loaded | undefined {
  const prose = harnessProseFor(input);
  const from = (key: "piLead" | "claudeCodeLead") =>
    input.prose?.[key] !== undefined
      ? `the ${input.format} file's earlier compaction`
      : "a stand-in (pass --summary-prefix-file for the real text)";
  if (strategy === "pi") return { ok: true, value: prose.piLead, origin: from("piLead") };
  if (strategy === "claude-code") return { ok: true, value: prose.claudeCodeLead, origin: from("claudeCodeLead") };
  if (strategy === "gemini-cli") return { ok: true, value: "", origin: "none (Gemini CLI sends the summary as it is)" };
  return undefined;
}

export function readText(path: string): Loaded {
  const read = readInputText(dirname(path), path);
  if (read.ok) return { ok: true, value: read.text, origin: path };
  return { ok: false, error: read.error };
}

const prefixEntry = (profile: ProfileId) => defaultProse(profile).entries["compact-summary-prefix"];
const profilePrefix = (profile: ProfileId): string => (prefixEntry(profile)?.source ?? "").replace(/\n+$/, "");

/** The profile whose built-in prefix starts the log's summaries (promptc logs do not record the reply apart). */
function profileOfSummaries(log: ParsedSessionLog): ProfileId | undefined {
  const texts = [...log.summaryTexts, ...log.compactions.map((c) => c.message)];
  return ENVELOPE_PROFILE_IDS.find((p) => texts.some((t) => t.startsWith(profilePrefix(p) + "\n")));
}

/** A rollout Codex wrote (promptc's own run logs say originator "promptc"). */
const isCodexRollout = (log: ParsedSessionLog): boolean => log.format === "codex-rollout" && !isPromptcLog(log.meta);

// Your file, else the prefix recovered from the log itself (the harness's exact text, never shipped), else a profile's.
export function loadPrefix(options: CompactCliOptions, cwd: string, input: Input, io: CliIO): Loaded {
  if (options.summaryPrefixFile) {
    const r = readText(resolve(cwd, options.summaryPrefixFile));
    return r.ok ? { ...r, origin: `${r.origin} (user-supplied)` } : r;
  }
  const lead = harnessLead(options.strategy ?? "", input);
  if (lead) return lead;
  const { log } = input;
  if (options.logPrefix && log.summaryPrefix) {
    return {
      ok: true,
      value: log.summaryPrefix.text,
      origin: `the log (compaction at line ${log.summaryPrefix.line})`,
    };
  }
  const profile =
    options.profile ??
    input.profile ??
    profileOfSummaries(log) ??
    (isCodexRollout(log) ? codexProfile.id : DEFAULT_PROFILE_ID);
  // The user's Codex's own prefix, when `promptc calibrate --agent codex` has cached it for the log's model.
  const found = findProfile(profile);
  if (found !== undefined && hasEnvelopeLayout(found) && found.modelCatalogue === "codex") {
    const cal = calibratedTextFor(createNodeHost({ cwd, env: io.env }), log.model, "compact-summary-prefix");
    if (cal) return { ok: true, value: cal.text.replace(/\n+$/, ""), origin: `${cal.file} (calibrated)` };
  }
  const entry = prefixEntry(profile);
  return {
    ok: true,
    value: profilePrefix(profile),
    origin: `${entry?.path ?? `templates/${profile}/compact-summary-prefix.hbs`} (${entry?.origin ?? "builtin"})`,
  };
}

/** The catalogue's window for the log's model; nothing for a model the catalogue does not know. */
export function catalogueWindow(model: string | undefined, io: CliIO): { catalogueContextWindow?: number } {
  if (model === undefined) return {};
  // Codex's own catalogue (models_cache.json or the calibration) first; then what promptc knows by slug.
  const codex = catalogueContextWindow(createNodeHost({ cwd: io.cwd, env: io.env }), model);
  if (codex !== undefined) return { catalogueContextWindow: codex };
  const window = modelContextWindow(model);
  return window.source === "model catalogue" ? { catalogueContextWindow: window.tokens } : {};
}

export function parseCount(value: string | undefined, flag: string): number | undefined | { error: string } {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return { error: `${flag} expects a whole number of tokens, got '${value}'` };
  return Number(value);
}

/** A session log (rollout, request body, items) or a scenario: `.yaml`, or a `.json` no log items came out of. */
export function loadInput(path: string, io: CliIO): Result<Input | undefined> {
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  if (!SCENARIO_EXTENSION.test(path) && !JSON_EXTENSION.test(path)) {
    const agent = loadAgentSession(host, path);
    if (agent.value) return agent;
  }
  const scenario = (): Result<Input | undefined> => {
    const r = compileScenarioFile(host, path);
    if (!r.scenario || !r.compiled) return { value: undefined, diagnostics: r.diagnostics };
    // A harness's own session compacts from that agent's session file (`compact FILE`), not from a scenario.
    if (isBodyScenario(r.compiled)) {
      const why = `${path}: a ${r.scenario.profile} scenario; compact dry-runs that agent's own session file instead`;
      return {
        value: undefined,
        diagnostics: [...r.diagnostics, diagnostic("cli/usage", "error", why, { file: path })],
      };
    }
    return {
      value: { format: "scenario", log: sessionLogFromScenario(r.scenario, r.compiled), profile: r.scenario.profile },
      diagnostics: r.diagnostics,
    };
  };
  if (SCENARIO_EXTENSION.test(path)) return scenario();
  const read = readSessionLog(host, path, { rebuildCompacted: rebuildLegacyCompaction });
  if (!read.value) return { value: undefined, diagnostics: read.diagnostics };
  if (read.value.history.length === 0 && JSON_EXTENSION.test(path)) {
    const s = scenario();
    if (s.value) return s;
    const why = (r: Result<unknown>) => r.diagnostics.find((d) => d.severity !== "info")?.message ?? "no items";
    return {
      value: undefined,
      diagnostics: [
        diagnostic(
          "session/unknown-format",
          "error",
          `${path} is neither a session log (${why(read)}) nor a scenario (${why(s)})`,
          { file: path },
        ),
      ],
    };
  }
  // Not one line was a record or an item (a README, a binary): a usage error, not an empty session to dry-run.
  if (
    read.value.history.length === 0 &&
    read.value.meta.sessionId === undefined &&
    read.value.compactions.length === 0
  ) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic("session/unknown-format", "error", `${path} is not a session log (no record in it could be read)`, {
          file: path,
        }),
      ],
    };
  }
  return { value: { format: read.value.format, log: read.value }, diagnostics: read.diagnostics };
}
