// Writes a previewed request in the form asked for: the exact body (--json), an HTML report (--html), and/or
// the human report. Does IO (stdout/stderr and the report file).
import { resolve } from "node:path";
import { UnsafeWriteError, writeFileNoFollow } from "../../../host/write-no-follow.js";
import type { Diagnostic } from "../../../model/diagnostic.js";
import type { ResponsesRequest } from "../../../model/request.js";
import type { ModelContextWindow } from "../../../profiles/model-info.js";
import { formatDiagnostic } from "../../format/format-diagnostic.js";
import { renderHtmlReport, type ReportSection } from "../../format/html-report.js";
import { renderPreviewReport, type PreviewTable } from "../../format/preview-report.js";
import { colorFor, createStyle } from "../../format/style.js";
import { EXIT_OK, EXIT_USAGE, writeExact, type CliIO } from "../../io.js";
import type { PreviewOptions } from "./preview-options.js";
import { cannotWrite } from "../../../model/file-error.js";

export interface PreviewOutput {
  request: ResponsesRequest;
  /** Exactly the bytes that would be POSTed. */
  bytes: string;
  diagnostics: Diagnostic[];
  window: ModelContextWindow;
  cwd: string;
  title: string;
  subtitle?: string;
  /** Built only when needed (tables count tokens). */
  table: () => PreviewTable;
  htmlSection: () => ReportSection;
}

export function emitPreview(out: PreviewOutput, options: PreviewOptions, io: CliIO): number {
  const failed = out.diagnostics.some((d) => d.severity === "error");
  if (options.html !== undefined) {
    const path = resolve(io.cwd, options.html);
    try {
      writeFileNoFollow(path, renderHtmlReport({ title: out.title, sections: [out.htmlSection()] }), io.cwd);
    } catch (err) {
      io.stderr(
        `promptc preview: ${err instanceof UnsafeWriteError ? `cannot write ${path}: ${err.message}` : cannotWrite(path, err)}\n`,
      );
      return EXIT_USAGE;
    }
    io.stderr(`promptc preview: wrote ${path}\n`);
  }
  if (options.json) {
    // Exactly the body that would be POSTed; diagnostics go to stderr so stdout stays byte-exact.
    writeExact(io, out.bytes);
    const plain = createStyle(false);
    for (const d of out.diagnostics) io.stderr(`${formatDiagnostic(d, plain, out.cwd).trimStart()}\n`);
    return failed ? EXIT_USAGE : EXIT_OK;
  }
  const report: Parameters<typeof renderPreviewReport>[0] = {
    request: out.request,
    table: out.table(),
    diagnostics: out.diagnostics,
    window: out.window,
    cwd: out.cwd,
    style: createStyle(colorFor(io, options.color)),
    showText: options.text === true,
  };
  if (out.subtitle !== undefined) report.subtitle = out.subtitle;
  io.stdout(renderPreviewReport(report));
  return failed ? EXIT_USAGE : EXIT_OK;
}
