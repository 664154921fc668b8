// `promptc preview`: the exact request the next turn would send from a directory, layer by layer. Does IO
// through the Node host, then hands data to the pure compile and the pure report.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { compile } from "../../compile/compile.js";
import { loadProse } from "../../discover/load-prose.js";
import { createNodeHost } from "../../host/node-host.js";
import { loadTurnContext, type LoadTurnContextOptions } from "../../discover/load-turn-context.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { ApprovalPolicy, SandboxMode } from "../../model/turn-context.js";
import { getProfile, isProfileId } from "../../profiles/index.js";
import { modelContextWindow } from "../../profiles/model-info.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { renderHtmlReport, sectionFromCompile } from "../format/html-report.js";
import { renderPreviewReport, tableFromManifest, tableFromView } from "../format/preview-report.js";
import { createStyle, shouldColor } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";
import type { RegisterCommand } from "./index.js";

const SANDBOX_MODES: readonly SandboxMode[] = ["read-only", "workspace-write", "danger-full-access"];
const APPROVAL_POLICIES: readonly ApprovalPolicy[] = ["untrusted", "on-failure", "on-request", "never"];

export interface PreviewOptions {
  cwd?: string;
  message?: string;
  image?: string[];
  profile: string;
  codexHome?: string;
  config?: string;
  configProfile?: string;
  model?: string;
  sandbox?: string;
  approval?: string;
  sessionId?: string;
  date?: string;
  timezone?: string;
  shell?: string;
  baseInstructions?: string;
  proseDir?: string;
  scenario?: string;
  turn?: string;
  json?: boolean;
  html?: string;
  text?: boolean;
  color?: boolean;
}

function usageError(io: CliIO, message: string): number {
  io.stderr(`promptc preview: ${message}\n`);
  return EXIT_USAGE;
}

function firstError(diagnostics: Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find((d) => d.severity === "error");
}

/** A turn of a scenario file: the whole request that turn sends, history included. */
async function runScenarioPreview(path: string, options: PreviewOptions, io: CliIO): Promise<number> {
  // Loaded on demand: scenarios pull in the session and schema modules that a plain preview never needs.
  const [{ compileScenarioFile }, { buildRequestView }] = await Promise.all([import("./snapshot.js"), import("../../capture/request-view.js")]);
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const loaded = compileScenarioFile(host, resolve(io.cwd, path));
  const error = firstError(loaded.diagnostics);
  if (!loaded.compiled || !loaded.scenario || error) return usageError(io, error ? `${error.file ? `${error.file}: ` : ""}${error.message}` : `cannot compile ${path}`);
  const turns = loaded.compiled.turns;
  const n = options.turn === undefined ? turns.length : Number(options.turn);
  const turn = Number.isInteger(n) ? turns[n - 1] : undefined;
  if (!turn) return usageError(io, `--turn must be a whole number from 1 to ${turns.length}`);
  if (options.json) {
    io.stdout(turn.bytes);
    return EXIT_OK;
  }
  const profile = String(loaded.scenario.profile ?? "promptc");
  const cwd = turn.session.reference?.cwd ?? io.cwd;
  const appended = turn.appended.map((a) => `input[${a.index}] ${a.reasons.join("+")}`).join(", ");
  io.stdout(
    renderPreviewReport({
      request: turn.request,
      table: tableFromView(buildRequestView(turn.bytes), profile, turn.request.model),
      diagnostics: loaded.diagnostics,
      window: modelContextWindow(turn.request.model),
      cwd,
      style: createStyle(shouldColor(io, options.color)),
      subtitle: `scenario ${path}, turn ${n} of ${turns.length}; this turn appended ${appended || "nothing"}`,
      showText: options.text !== false,
    }),
  );
  return EXIT_OK;
}

export function runPreview(options: PreviewOptions, io: CliIO): number | Promise<number> {
  if (options.scenario !== undefined) return runScenarioPreview(options.scenario, options, io);
  if (!isProfileId(options.profile)) return usageError(io, `unknown profile '${options.profile}' (expected codex or promptc)`);
  if (options.sandbox !== undefined && !SANDBOX_MODES.includes(options.sandbox as SandboxMode)) {
    return usageError(io, `unknown sandbox mode '${options.sandbox}' (expected ${SANDBOX_MODES.join(", ")})`);
  }
  if (options.approval !== undefined && !APPROVAL_POLICIES.includes(options.approval as ApprovalPolicy)) {
    return usageError(io, `unknown approval policy '${options.approval}' (expected ${APPROVAL_POLICIES.join(", ")})`);
  }
  const profile = getProfile(options.profile);
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const loadOptions: LoadTurnContextOptions = {
    decode: profile.discovery.lossyUtf8Cut ? "lossy" : "char-boundary",
    message: options.message ?? "",
  };
  if (options.cwd !== undefined) loadOptions.cwd = options.cwd;
  if (options.codexHome !== undefined) loadOptions.codexHome = options.codexHome;
  if (options.config !== undefined) loadOptions.configFile = options.config;
  if (options.configProfile !== undefined) loadOptions.configProfile = options.configProfile;
  if (options.model !== undefined) loadOptions.model = options.model;
  if (options.sandbox !== undefined) loadOptions.sandbox = options.sandbox as SandboxMode;
  if (options.approval !== undefined) loadOptions.approval = options.approval as ApprovalPolicy;
  if (options.sessionId !== undefined) loadOptions.sessionId = options.sessionId;
  if (options.date !== undefined) loadOptions.date = options.date;
  if (options.timezone !== undefined) loadOptions.timezone = options.timezone;
  if (options.shell !== undefined) loadOptions.shell = options.shell;
  if (options.image !== undefined) loadOptions.images = options.image;

  const loaded = loadTurnContext(host, loadOptions);
  const error = firstError(loaded.diagnostics);
  if (!loaded.value || error) {
    if (!error) return usageError(io, "cannot build the turn");
    return usageError(io, `${error.file && !error.message.includes(error.file) ? `${error.file}: ` : ""}${error.message}`);
  }
  const prose = loadProse(host, profile.id, {
    ...(options.proseDir !== undefined ? { proseDir: options.proseDir } : {}),
    ...(options.baseInstructions !== undefined ? { baseInstructionsFile: options.baseInstructions } : {}),
  });
  const proseError = firstError(prose.diagnostics);
  if (proseError) return usageError(io, proseError.message);

  const ctx = loaded.value;
  // The JSON body alone needs no token counts; skip loading the tokenizer for it.
  const result = compile(ctx, { profile, prose: prose.value, exactTokens: !options.json || options.html !== undefined });
  const diagnostics = [...loaded.diagnostics, ...prose.diagnostics, ...result.diagnostics];
  const compileError = firstError(result.diagnostics);
  const window = modelContextWindow(ctx.model, ctx.contextWindow);
  if (options.html !== undefined) {
    const path = resolve(io.cwd, options.html);
    const title = `promptc preview: ${ctx.environment.cwd} (${profile.id} profile)`;
    const section = sectionFromCompile({ ...result, diagnostics }, `${ctx.model} · ${window.tokens.toLocaleString("en-US")}-token window`, window.tokens);
    const page = renderHtmlReport({ title, sections: [section] });
    try {
      writeFileSync(path, page);
    } catch (err) {
      return usageError(io, `cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    io.stderr(`promptc preview: wrote ${path}\n`);
  }
  if (options.json) {
    // Exactly the body that would be POSTed; diagnostics go to stderr so stdout stays byte-exact.
    io.stdout(result.bytes);
    const style = createStyle(false);
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, style, ctx.environment.cwd).trimStart()}\n`);
    return compileError ? EXIT_USAGE : EXIT_OK;
  }
  const style = createStyle(shouldColor(io, options.color));
  io.stdout(
    renderPreviewReport({
      request: result.request,
      table: tableFromManifest(result.manifest, ctx.environment.cwd),
      diagnostics,
      window,
      cwd: ctx.environment.cwd,
      style,
      showText: options.text !== false,
    }),
  );
  return compileError ? EXIT_USAGE : EXIT_OK;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const registerPreview: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("preview")
    .description("show the exact request the next turn would send from a directory, layer by layer")
    .option("-C, --cwd <dir>", "working directory of the turn (default: the current directory)")
    .option("-m, --message <text>", "the user's message", "")
    .option("-i, --image <path>", "attach an image (repeatable)", collect)
    .option("--profile <name>", "harness profile: codex or promptc", "promptc")
    .option("--codex-home <dir>", "CODEX_HOME (default: $CODEX_HOME or ~/.codex)")
    .option("--config <file>", "config.toml to use instead of $CODEX_HOME/config.toml")
    .option("-p, --config-profile <name>", "[profiles.NAME] of config.toml to apply")
    .option("--model <slug>", "model slug (default: config, else gpt-5.2-codex)")
    .option("--sandbox <mode>", `sandbox mode (${SANDBOX_MODES.join(", ")})`)
    .option("--approval <policy>", `approval policy (${APPROVAL_POLICIES.join(", ")})`)
    .option("--session-id <id>", "session id for prompt_cache_key (default: a fixed placeholder)")
    .option("--date <yyyy-mm-dd>", "current date (default: today in the timezone)")
    .option("--timezone <iana>", "IANA timezone (default: the system's)")
    .option("--shell <name>", "shell name (default: from $SHELL)")
    .option("--base-instructions <file>", "base instructions file (exact bytes instead of stand-in prose)")
    .option("--prose-dir <dir>", "directory of prose files overriding the profile's templates")
    .option("--scenario <file>", "preview a turn of a scenario file (YAML/JSON) instead of a directory")
    .option("--turn <n>", "with --scenario: which turn (default: the last)")
    .option("--json", "print exactly the request body that would be POSTed")
    .option("--html <file>", "also write a self-contained HTML report of the layers")
    .option("--no-text", "omit the request text after the table")
    .option("--no-color", "no colours (also NO_COLOR, or when not a terminal)")
    .action(async (options: PreviewOptions) => setExitCode(await runPreview(options, io)));
};
