// `lint --fix` / `--fix-dry-run`: each fixed file gets only the bytes of its fixes, re-read and compared before
// an atomic rename; a file that cannot take them is reported and returned unfixed. Does IO.
import { resolve } from "node:path";
import { replaceFileIfUnchanged } from "../../../host/replace-file-if-unchanged.js";
import { formatFixDiff } from "../../../lint/formatters/format-fix-diff.js";
import type { LintFile } from "../../../lint/lint-file.js";
import { planByteEdits } from "../../../lint/plan-byte-edits.js";
import { totalRun, type LintRunResult } from "../../../lint/run.js";
import { decodeLintBytes } from "../../../lint/workspace/read-lint-file.js";
import { writeExact, type CliIO } from "../../io.js";
import type { LintOptions } from "./lint-options.js";

/** The run with some files' results replaced (files whose fixes were not written are reported unfixed). */
export function withResults(run: LintRunResult, replaced: LintRunResult): LintRunResult {
  const byPath = new Map(replaced.results.map((r) => [r.path, r]));
  return totalRun(run.results.map((r) => byPath.get(r.path) ?? r));
}

/** Writes (or, dry, prints) the fixes of `run`; returns the files whose fixes were not written. */
export function writeLintFixes(
  io: CliIO,
  input: {
    run: LintRunResult;
    files: readonly LintFile[];
    bytesOf: ReadonlyMap<string, Uint8Array>;
    root: string;
    /** A project path as the person sees it (from the folder lint was started in). */
    shown: (path: string) => string;
    options: Pick<LintOptions, "stdin" | "fix" | "fixDryRun">;
  },
): LintFile[] {
  const { run, files, bytesOf, root, options, shown } = input;
  const notFixed: LintFile[] = [];
  for (const r of run.results) {
    if (r.output === undefined) continue;
    const file = files.find((f) => f.path === r.path);
    if (file === undefined) continue;
    if (options.stdin) {
      if (options.fixDryRun) io.stdout(formatFixDiff(r.path, file.text, r.output));
      else if (options.fix) writeExact(io, r.output);
      continue;
    }
    const bytes = bytesOf.get(r.path);
    const plan =
      bytes !== undefined && file.status.tooLargeBytes === undefined
        ? planByteEdits(bytes, file.text, r.edits ?? [])
        : undefined;
    if (plan === undefined) {
      io.stderr(
        `promptc lint: ${shown(r.path)}: ${file.status.tooLargeBytes !== undefined ? "only a part of it was read" : "its fixes cannot be mapped to its bytes"}; not fixed\n`,
      );
      notFixed.push(file);
      continue;
    }
    if (options.fixDryRun) {
      io.stdout(formatFixDiff(shown(r.path), file.text, decodeLintBytes(plan.bytes).text));
      for (const note of plan.notes) io.stdout(`note: ${shown(r.path)}: ${note}\n`);
      continue;
    }
    if (!options.fix) continue;
    const written = replaceFileIfUnchanged(resolve(root, r.path), bytes as Uint8Array, plan.bytes);
    if (!written.ok) {
      io.stderr(`promptc lint: ${shown(r.path)} ${written.message}\n`);
      notFixed.push(file);
    }
  }
  return notFixed;
}
