// Prints or writes `promptc lint`'s report in the chosen format (stylish, json, sarif, github), errors only with
// --quiet. Does IO (stdout, the output file, never through a symlink).
import { resolve } from "node:path";
import { UnsafeWriteError, writeFileNoFollow } from "../../../host/write-no-follow.js";
import { formatGithub } from "../../../lint/formatters/format-github.js";
import { formatJson } from "../../../lint/formatters/format-json.js";
import { formatSarif } from "../../../lint/formatters/format-sarif.js";
import { formatStylish } from "../../../lint/formatters/format-stylish.js";
import { lintRules } from "../../../lint/rules/index.js";
import type { LintRunResult } from "../../../lint/run.js";
import { cannotWrite } from "../../../model/file-error.js";
import { colorFor } from "../../format/style.js";
import { writeExact, type CliIO } from "../../io.js";
import { PROMPTC_VERSION } from "../../promptc-version.js";
import { ownSgr } from "../../terminal-text.js";
import type { LintOptions } from "./lint-options.js";

export const PROMPTC_LINT_TOOL = {
  name: "promptc",
  version: PROMPTC_VERSION,
  informationUri: "https://github.com/promptc/promptc",
};

/** Emits the report; returns why the output file could not be written, else undefined. */
export function emitLintReport(
  io: CliIO,
  run: LintRunResult,
  options: Pick<LintOptions, "quiet" | "format" | "outputFile" | "color">,
): string | undefined {
  const shown = options.quiet
    ? {
        ...run,
        results: run.results.map((r) => ({
          ...r,
          messages: r.messages.filter((m) => m.severity === "error"),
          warningCount: 0,
          infoCount: 0,
        })),
        warningCount: 0,
        infoCount: 0,
      }
    : run;
  const text =
    options.format === "json"
      ? formatJson(shown, PROMPTC_LINT_TOOL)
      : options.format === "sarif"
        ? formatSarif(shown, lintRules, PROMPTC_LINT_TOOL)
        : options.format === "github"
          ? formatGithub(shown)
          : formatStylish(shown, {
              color: options.outputFile === undefined && colorFor(io, options.color),
              sgr: ownSgr,
            });
  if (options.outputFile !== undefined) {
    try {
      writeFileNoFollow(resolve(io.cwd, options.outputFile), text, io.cwd);
    } catch (err) {
      return err instanceof UnsafeWriteError
        ? `cannot write ${options.outputFile}: ${err.message}`
        : cannotWrite(options.outputFile, err);
    }
  } else if (options.format === "json" || options.format === "sarif") writeExact(io, text);
  else io.stdout(text);
  return undefined;
}
