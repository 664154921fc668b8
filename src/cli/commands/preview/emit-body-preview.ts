// Writes the preview of a profile with its own body ("body" layout): the exact body (--json) or the layer report,
// with tokens counted by the counter handed in. Does IO (stdout/stderr).
import type { HarnessRequest } from "../../../model/harness-request.js";
import { formatDiagnostic } from "../../format/format-diagnostic.js";
import { renderHarnessReport } from "../../format/harness-preview-report.js";
import { colorFor, createStyle } from "../../format/style.js";
import { EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../../io.js";
import type { ResolvedBodyTurn } from "../../../setup/index.js";
import type { PreviewOptions } from "./preview-options.js";

export function emitBodyPreview(
  request: HarnessRequest,
  loaded: Pick<ResolvedBodyTurn, "profile" | "cwd">,
  options: PreviewOptions,
  io: CliIO,
): number {
  const { profile, cwd } = loaded;
  const failed = request.diagnostics.some((d) => d.severity === "error");
  if (options.json) {
    writeExact(io, request.bytes);
    const plain = createStyle(false);
    for (const d of request.diagnostics) io.stderr(`${formatDiagnostic(d, plain, cwd).trimStart()}\n`);
    return failed ? EXIT_USAGE : EXIT_OK;
  }
  io.stdout(
    renderHarnessReport({
      request,
      displayName: profile.displayName,
      tokenizer: profile.tokenizer,
      counter: tokenCounterOf(io),
      contextWindow: profile.window.tokens,
      cwd,
      diagnostics: request.diagnostics,
      style: createStyle(colorFor(io, options.color)),
      showText: options.text !== false,
    }),
  );
  return failed ? EXIT_USAGE : EXIT_OK;
}
