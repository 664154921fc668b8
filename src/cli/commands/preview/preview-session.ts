// `promptc preview --session LOG`: the request the next turn of a logged session (promptc run's JSONL or a
// Codex rollout) would send — the logged history, then what this turn adds. Does IO.
import { buildRequestView } from "../../../capture/request-view.js";
import { readSessionLog } from "../../../session-log/read-session-log.js";
import { rebuildLegacyCompaction } from "../../../compact/build-compacted-history.js";
import { createNodeHost } from "../../../host/node-host.js";
import { buildTurnRequest, historyWithBaseInstructions } from "../../../loop/build-turn-request.js";
import {
  compactForModelSwitch,
  compactsOnModelSwitch,
  previousModelOf,
} from "../../../loop/model-switch-compaction.js";
import { summaryPrefixOf } from "../../../loop/run-session-turn.js";
import { runToolOverride } from "../../../loop/tools/default-tools.js";
import { profileContextWindow } from "../../../profiles/model-info.js";
import { referenceFromLog } from "../../../session-log/resume-from-log.js";
import { sectionFromView } from "../../format/html-report.js";
import { provenanceOf, tableFromView } from "../../format/preview-report.js";
import { EXIT_USAGE, tokenCounterOf, type CliIO } from "../../io.js";
import { emitPreview } from "./emit-preview.js";
import { errorLine, loadPreviewTurn } from "./load-preview-turn.js";
import type { ProseSet } from "../../../fragments/prose-set.js";
import { proseForModel, sentBaseInstructions, type ResolvedTurn } from "../../../setup/index.js";
import type { PreviewOptions } from "./preview-options.js";
import { isPromptcLog } from "../../../session-log/session-log.js";

/**
 * The prose of the model the log last ran, when this turn switches away from it (calibrated codex; a --prose-dir
 * is one capture's prose, used for both).
 */
function previousProse(turn: ResolvedTurn, model: string | undefined, proseDir: boolean): ProseSet | undefined {
  if (model === undefined || model === turn.ctx.model || proseDir) return undefined;
  return proseForModel(turn, model);
}

export function runSessionPreview(logPath: string, options: PreviewOptions, io: CliIO): number {
  const fail = (message: string) => (io.stderr(`promptc preview: ${message}\n`), EXIT_USAGE);
  const log = readSessionLog(createNodeHost({ cwd: io.cwd, env: io.env }), logPath, {
    rebuildCompacted: rebuildLegacyCompaction,
  });
  const logError = log.diagnostics.find((d) => d.severity === "error");
  if (!log.value || logError) return fail(logError ? errorLine(logError) : `${logPath} is not a session log`);
  const parsed = log.value;
  // The session's own working directory, unless the user previews it from elsewhere.
  // …and its multi-agent version, which Codex keeps whatever model the turn switches to.
  const multiAgent = parsed.settings?.multiAgentVersion;
  const turn = loadPreviewTurn(options, io, {
    ...(parsed.cwd !== undefined ? { cwd: parsed.cwd } : {}),
    ...(multiAgent !== undefined ? { sessionMultiAgentVersion: multiAgent } : {}),
  });
  if ("error" in turn) return fail(turn.error);
  // runPreview refuses --session for a profile without an envelope layout (profile-flags.ts); this narrows.
  if (!("ctx" in turn)) return fail(`--session cannot be used with --profile ${turn.profile.id}`);
  const { ctx, profile, prose } = turn;
  // A promptc log continues with the tools `promptc run --resume` sends under this profile (the profile's own for
  // promptc, the loop's in place of Codex's for codex); another harness's rollout with the profile's own tools.
  const tools = isPromptcLog(parsed.meta) ? runToolOverride(profile, ctx.permissions.sandbox) : undefined;
  // As Codex resumes: the baseline is the log's last turn context (only changes are appended) and the base
  // instructions are the session's own (session_meta), not the current config's.
  const compileOptions = {
    profile,
    prose,
    countTokens: tokenCounterOf(io).count,
    ...(tools ? { transformTools: () => tools } : {}),
  };
  const baseInstructions =
    parsed.baseInstructions !== undefined ? sentBaseInstructions(turn, parsed.baseInstructions) : undefined;
  const resumed = {
    compile: compileOptions,
    history: parsed.history,
    sessionId: parsed.meta.sessionId ?? ctx.sessionId,
    ...(parsed.settings
      ? {
          baseline: referenceFromLog(
            parsed.settings,
            ctx,
            profile,
            prose,
            previousProse(turn, parsed.settings.model, options.proseDir !== undefined),
          ),
        }
      : {}),
    ...(baseInstructions !== undefined ? { baseInstructions } : {}),
  };
  const previous = previousModelOf(parsed.settings);
  const switched = compactsOnModelSwitch(previous, profile, ctx.model)
    ? compactForModelSwitch({
        ctx,
        compile: compileOptions,
        history: historyWithBaseInstructions(ctx, resumed),
        ...(previous.model !== undefined ? { previousModel: previous.model } : {}),
        summaryPrefix: parsed.summaryPrefix?.text ?? summaryPrefixOf(prose),
        summaryReply: options.summary ?? "",
      })
    : undefined;
  // A switch to a model of another compaction family compacts first: the compacted history carries the new model's
  // initial context, and only the turn's own items follow.
  const next = switched
    ? buildTurnRequest(ctx, {
        compile: compileOptions,
        history: switched.history,
        sessionId: resumed.sessionId,
        contextInHistory: true,
      })
    : buildTurnRequest(ctx, resumed);
  if (switched) next.diagnostics.unshift(...switched.diagnostics);
  // Compaction summaries: the bundled prefixes, and the prefix and texts this log used.
  const summary = {
    prefixes: parsed.summaryPrefix ? [parsed.summaryPrefix.text] : [],
    texts: new Set([...parsed.summaryTexts, ...(switched ? [switched.summaryText] : [])]),
  };
  const view = () => buildRequestView(next.bytes, undefined, { summary, countTokens: tokenCounterOf(io).count });
  const window = profileContextWindow(profile, ctx.model, ctx.contextWindow);
  // What this turn compiled afresh; logged items with the same bytes came from the same sources.
  const provenance = provenanceOf([next.manifest]);
  const title = `promptc preview: next turn of ${logPath}`;
  return emitPreview(
    {
      request: next.request,
      bytes: next.bytes,
      diagnostics: [...log.diagnostics, ...turn.diagnostics, ...next.diagnostics],
      window,
      cwd: ctx.environment.cwd,
      title,
      subtitle: `session ${logPath}: ${parsed.history.length} logged items, then ${parsed.settings ? "what changed since its last turn" : "this turn's context"} and the message`,
      table: () => tableFromView(view(), profile.id, ctx.model, ctx.environment.cwd, provenance),
      htmlSection: () => sectionFromView(view(), title, window.tokens, provenance, ctx.environment.cwd),
    },
    options,
    io,
  );
}
