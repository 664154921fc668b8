// `promptc preview --session LOG`: the request the next turn of a logged session (promptc run's JSONL or a
// Codex rollout) would send — the logged history, then what this turn adds. Does IO.
import { buildRequestView } from "../../../capture/request-view.js";
import { readSessionLog } from "../../../discover/read-session-log.js";
import { createNodeHost } from "../../../host/node-host.js";
import { buildTurnRequest } from "../../../loop/build-turn-request.js";
import { defaultToolSpecs } from "../../../loop/tools/default-tools.js";
import { modelContextWindow } from "../../../profiles/model-info.js";
import { sectionFromView } from "../../format/html-report.js";
import { tableFromView } from "../../format/preview-report.js";
import { EXIT_USAGE, type CliIO } from "../../io.js";
import { emitPreview } from "./emit-preview.js";
import { errorLine, loadPreviewTurn } from "./load-preview-turn.js";
import type { PreviewOptions } from "./preview-options.js";

export function runSessionPreview(logPath: string, options: PreviewOptions, io: CliIO): number {
  const fail = (message: string) => (io.stderr(`promptc preview: ${message}\n`), EXIT_USAGE);
  const log = readSessionLog(createNodeHost({ cwd: io.cwd, env: io.env }), logPath);
  const logError = log.diagnostics.find((d) => d.severity === "error");
  if (!log.value || logError) return fail(logError ? errorLine(logError) : `${logPath} is not a session log`);
  const parsed = log.value;
  // The session's own working directory, unless the user previews it from elsewhere.
  const turn = loadPreviewTurn(options, io, parsed.cwd !== undefined ? { cwd: parsed.cwd } : {});
  if ("error" in turn) return fail(turn.error);
  const { ctx, profile, prose } = turn;
  // The tools `promptc run` would offer in this sandbox, so the preview is the request `run --resume` sends.
  const tools = defaultToolSpecs(ctx.permissions.sandbox);
  const next = buildTurnRequest(ctx, {
    compile: { profile, prose, transformTools: () => tools },
    history: parsed.history,
    sessionId: parsed.meta.sessionId ?? ctx.sessionId,
  });
  const window = modelContextWindow(ctx.model, ctx.contextWindow);
  const title = `promptc preview: next turn of ${logPath}`;
  return emitPreview(
    {
      request: next.request,
      bytes: next.bytes,
      diagnostics: [...log.diagnostics, ...turn.diagnostics, ...next.diagnostics],
      window,
      cwd: ctx.environment.cwd,
      title,
      subtitle: `session ${logPath}: ${parsed.history.length} logged items, then this turn's context and message`,
      table: () => tableFromView(buildRequestView(next.bytes), profile.id, ctx.model),
      htmlSection: () => sectionFromView(buildRequestView(next.bytes), title, window.tokens),
    },
    options,
    io,
  );
}
