// `promptc preview`: the exact request the next turn would send from a directory (or a scenario turn, or the
// next turn of a logged session), layer by layer. Does IO through the Node host; the compile is pure.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { compile } from "../../compile/compile.js";
import { formatCount } from "../../model/format-count.js";
import type { TurnContext } from "../../model/turn-context.js";
import { modelContextWindow } from "../../profiles/model-info.js";
import { sectionFromCompile } from "../format/html-report.js";
import { tableFromManifest } from "../format/preview-report.js";
import { EXIT_USAGE, type CliIO } from "../io.js";
import type { RegisterCommand } from "./index.js";
import { emitPreview } from "./preview/emit-preview.js";
import { APPROVAL_POLICIES, loadPreviewTurn, SANDBOX_MODES } from "./preview/load-preview-turn.js";
import type { PreviewOptions } from "./preview/preview-options.js";
import { cannotRead } from "../../model/file-error.js";

export type { PreviewOptions } from "./preview/preview-options.js";

function previewDirectory(options: PreviewOptions, io: CliIO): number {
  const turn = loadPreviewTurn(options, io);
  if ("error" in turn) {
    io.stderr(`promptc preview: ${turn.error}\n`);
    return EXIT_USAGE;
  }
  const { ctx, profile, prose } = turn;
  // The JSON body alone needs no token counts; skip loading the tokenizer for it.
  const result = compile(ctx, { profile, prose, exactTokens: !options.json || options.html !== undefined });
  const diagnostics = [...turn.diagnostics, ...result.diagnostics];
  const window = modelContextWindow(ctx.model, ctx.contextWindow);
  const cwd = ctx.environment.cwd;
  return emitPreview(
    {
      request: result.request,
      bytes: result.bytes,
      diagnostics,
      window,
      cwd,
      title: `promptc preview: ${cwd} (${profile.id} profile)`,
      table: () => ({ ...tableFromManifest(result.manifest, cwd), ...(hasNoInput(ctx) ? { noMessage: true } : {}) }),
      htmlSection: () => sectionFromCompile({ ...result, diagnostics }, `${ctx.model} · ${formatCount(window.tokens)}-token window`, window.tokens, cwd),
    },
    options,
    io,
  );
}

/** No text and no image: the request carries no user message at all. */
function hasNoInput(ctx: TurnContext): boolean {
  return ctx.userInput.text === "" && ctx.userInput.images.length === 0 && (ctx.userInput.localImages?.length ?? 0) === 0;
}

/** The message text from --message-file, or a one-line error. */
async function readMessageFile(path: string, io: CliIO): Promise<string | { error: string }> {
  if (path === "-") return io.readStdin ? io.readStdin() : { error: "standard input is not available" };
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(resolve(io.cwd, path)));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { error: code ? cannotRead(path, err) : `${path} is not valid UTF-8` };
  }
}

/** Flags a scenario defines itself: given with --scenario they would be silently ignored. */
const SCENARIO_OWNS = ["cwd", "message", "messageFile", "image", "codexHome", "config", "configProfile", "model", "sandbox", "approval", "sessionId", "date", "timezone", "shell", "baseInstructions", "proseDir", "session"] as const;

/** A one-line usage error for flags that cannot go together, or undefined. */
function conflictingFlags(options: PreviewOptions): string | undefined {
  if (options.turn !== undefined && options.scenario === undefined) return "--turn needs --scenario";
  if (options.scenario === undefined) return undefined;
  const given = SCENARIO_OWNS.filter((k) => options[k] !== undefined && !(k === "message" && options.message === ""));
  if (given.length === 0) return undefined;
  const flags = given.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  return `${flags.join(", ")} cannot be combined with --scenario (the scenario file sets each turn's ${given.includes("session") ? "history and " : ""}settings)`;
}

export async function runPreview(options: PreviewOptions, io: CliIO): Promise<number> {
  const conflict = conflictingFlags(options);
  if (conflict !== undefined) {
    io.stderr(`promptc preview: ${conflict}\n`);
    return EXIT_USAGE;
  }
  if (options.messageFile !== undefined) {
    const text = await readMessageFile(options.messageFile, io);
    if (typeof text !== "string") {
      io.stderr(`promptc preview: ${text.error}\n`);
      return EXIT_USAGE;
    }
    options = { ...options, message: text };
  }
  // Loaded on demand: scenarios and sessions pull in modules a plain preview never needs.
  if (options.scenario !== undefined) return (await import("./preview/preview-scenario.js")).runScenarioPreview(options.scenario, options, io);
  if (options.session !== undefined) return (await import("./preview/preview-session.js")).runSessionPreview(options.session, options, io);
  return previewDirectory(options, io);
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const registerPreview: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("preview")
    .description("show the exact request the next turn would send from a directory, layer by layer")
    .option("-C, --cwd <dir>", "working directory of the turn (default: the current directory)")
    .option("-m, --message <text>", "the user's message", "")
    .option("--message-file <file>", "read the user's message from a file (- for standard input)")
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
    .option("--shell <name>", "shell name (default: your login shell, as Codex reports it; else $SHELL)")
    .option("--base-instructions <file>", "base instructions file (exact bytes instead of stand-in prose)")
    .option("--prose-dir <dir>", "directory of prose files overriding the profile's templates")
    .option("--scenario <file>", "preview a turn of a scenario file (YAML/JSON) instead of a directory")
    .option("--turn <n>", "with --scenario: which turn (default: the last)")
    .option("--session <log>", "preview the next turn of a session log (promptc run JSONL or a Codex rollout)")
    .option("--json", "print exactly the request body that would be POSTed")
    .option("--html <file>", "also write a self-contained HTML report of the layers")
    .option("--text", "also print the request text, item by item (before the table)")
    .option("--no-text", "no request text (the default)")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action(async (options: PreviewOptions) => setExitCode(await runPreview(options, io)));
};
