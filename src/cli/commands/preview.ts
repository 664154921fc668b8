// `promptc preview`: the exact request the next turn would send from a directory (or a scenario turn, or the
// next turn of a logged session), layer by layer. Does IO through the Node host; the compile is pure.
import { resolve } from "node:path";
import type { Command } from "commander";
import { compileTurn } from "../../compile/compile-turn.js";
import { formatCount } from "../../model/format-count.js";
import type { TurnContext } from "../../model/turn-context.js";
import { profileContextWindow } from "../../profiles/model-info.js";
import { sectionFromCompile } from "../format/html-report.js";
import { tableFromManifest } from "../format/preview-report.js";
import { EXIT_USAGE, tokenCounterOf, type CliIO } from "../io.js";
import { findProfile, hasEnvelopeLayout, profileIdList } from "../../profiles/index.js";
import { profilesReading, refuseFlags, type FlagReader } from "../profile-flags.js";
import {
  addTurnFlags,
  flagName,
  givenFlags,
  readTurnMessage,
  TURN_FLAG_KEYS,
  TURN_FLAG_READERS,
} from "../turn-flags.js";
import type { RegisterCommand } from "./register-command.js";
import { emitBodyPreview } from "./preview/emit-body-preview.js";
import { emitPreview } from "./preview/emit-preview.js";
import { loadPreviewTurn } from "./preview/load-preview-turn.js";
import type { ResolvedBodyTurn, ResolvedTurn } from "../../setup/index.js";
import type { PreviewOptions } from "./preview/preview-options.js";

export type { PreviewOptions } from "./preview/preview-options.js";

function previewDirectory(options: PreviewOptions, io: CliIO): number {
  const turn = loadPreviewTurn(options, io);
  if ("error" in turn) {
    io.stderr(`promptc preview: ${turn.error}\n`);
    return EXIT_USAGE;
  }
  // The JSON body alone needs no token counts; skip loading the tokenizer for it.
  const compiled = compileTurn<ResolvedTurn, ResolvedBodyTurn>(turn, {
    exactTokens: !options.json || options.html !== undefined,
    countTokens: tokenCounterOf(io).count,
  });
  if (compiled.layout === "body") return emitBodyPreview(compiled.request, compiled.turn, options, io);
  const { result } = compiled;
  const { ctx, profile } = compiled.turn;
  const diagnostics = [...turn.diagnostics, ...result.diagnostics];
  const window = profileContextWindow(profile, ctx.model, ctx.contextWindow);
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
      htmlSection: () =>
        sectionFromCompile(
          { ...result, diagnostics },
          `${ctx.model} · ${formatCount(window.tokens)}-token window`,
          window.tokens,
          cwd,
        ),
    },
    options,
    io,
  );
}

/** No text and no image: the request carries no user message at all. */
function hasNoInput(ctx: TurnContext): boolean {
  return (
    ctx.userInput.text === "" && ctx.userInput.images.length === 0 && (ctx.userInput.localImages?.length ?? 0) === 0
  );
}

/** Preview's own flags that only some profiles read (the shared turn flags have theirs in turn-flags.ts). */
const PREVIEW_FLAG_READERS: { readonly [key in keyof PreviewOptions]?: FlagReader } = {
  home: "harness discovery",
  // The HTML report reads the envelope manifest (a scenario takes every profile: its file names it).
  session: "session reader",
  html: "envelope layout",
};

/** Flags a scenario defines itself: given with --scenario they would be silently ignored. */
// `--prose-dir` is not the scenario's: a calibrated prose dir applies to every turn.
const SCENARIO_OWNS = [...TURN_FLAG_KEYS.filter((k) => k !== "profile" && k !== "proseDir"), "session"] as const;

/** A one-line usage error for flags that cannot go together, or undefined. */
function conflictingFlags(options: PreviewOptions): string | undefined {
  if (options.turn !== undefined && options.scenario === undefined) return "--turn needs --scenario";
  if (options.scenario === undefined) return undefined;
  const given = SCENARIO_OWNS.filter((k) => options[k] !== undefined && !(k === "message" && options.message === ""));
  if (given.length === 0) return undefined;
  const flags = given.map(flagName);
  return `${flags.join(", ")} cannot be combined with --scenario (the scenario file sets each turn's ${given.includes("session") ? "history and " : ""}settings)`;
}

export async function runPreview(options: PreviewOptions, io: CliIO, words: readonly string[] = []): Promise<number> {
  const fail = (reason: string) => (io.stderr(`promptc preview: ${reason}\n`), EXIT_USAGE);
  const conflict = conflictingFlags(words.length > 0 ? { ...options, message: words.join(" ") } : options);
  if (conflict !== undefined) return fail(conflict);
  const read = await readTurnMessage(words, options, io);
  if ("error" in read) return fail(read.error);
  options = { ...options, message: read.message };
  // Flags only some profiles read (--sandbox needs codex's discovery, --session a session reader, --home a harness's).
  const profile = findProfile(options.profile);
  const readers = { ...TURN_FLAG_READERS, ...PREVIEW_FLAG_READERS };
  const refused = profile && refuseFlags(profile, givenFlags(options as {}, readers));
  if (refused) return fail(refused);
  // Loaded on demand: scenarios and sessions pull in modules a plain preview never needs.
  if (options.scenario !== undefined)
    return (await import("./preview/preview-scenario.js")).runScenarioPreview(options.scenario, options, io);
  if (options.session !== undefined && profile !== undefined && !hasEnvelopeLayout(profile))
    return (await import("./preview/preview-body-session.js")).runBodySessionPreview(
      profile,
      resolve(io.cwd, options.session),
      options,
      io,
    );
  if (options.session !== undefined)
    return (await import("./preview/preview-session.js")).runSessionPreview(options.session, options, io);
  return previewDirectory(options, io);
}

export const registerPreview: RegisterCommand = (program: Command, io, setExitCode) => {
  const command = program
    .command("preview")
    .description("show the exact request the next turn would send from a directory, layer by layer")
    .argument("[message...]", "the user's message (or -m TEXT, --message-file FILE)");
  addTurnFlags(command)
    .option(
      "--home <dir>",
      `the user home whose agent config is read, for profiles with their own discovery (${profileIdList("and", profilesReading("harness discovery"))}; default: yours)`,
    )
    .option("--scenario <file>", "preview a turn of a scenario file (YAML/JSON) instead of a directory")
    .option("--turn <n>", "with --scenario: which turn (default: the last)")
    .option(
      "--session <log>",
      "preview the next turn of a session log (promptc run JSONL or a Codex rollout; with claude-code, gemini-cli or pi, that agent's own session file)",
    )
    .option(
      "--summary <text>",
      "with --session: the summary reply when the turn compacts first (a model switch across compaction families)",
    )
    .option("--json", "print exactly the request body that would be POSTed")
    .option("--html <file>", "also write a self-contained HTML report of the layers")
    .option("--text", "also print the request text, item by item (before the table)")
    .option("--no-text", "no request text (the default)")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action(async (words: string[], options: PreviewOptions) => setExitCode(await runPreview(options, io, words)));
};
