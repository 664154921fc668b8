// What `promptc lint` lints: standard input under its file name, or the targets found under the paths, each
// read with the bytes its text was decoded from (--fix writes back only the bytes it changes). Does IO.
import { dirname, relative } from "node:path";
import type { Host } from "../../../host/host.js";
import { createOverlayHost } from "../../../host/overlay-host.js";
import type { LintConfig } from "../../../lint/lint-config.js";
import { classifyLintPath, createLintFile, type LintFile } from "../../../lint/lint-file.js";
import type { LintFs } from "../../../lint/lint-project.js";
import { LINT_MAX_FILE_BYTES } from "../../../lint/rules/file-too-large.js";
import { createHostLintFs } from "../../../lint/workspace/create-host-lint-fs.js";
import { discoverLintTargets } from "../../../lint/workspace/discover-lint-targets.js";
import { DEFAULT_LINT_PATTERNS } from "../../../lint/workspace/lint-patterns.js";
import { readLintFile } from "../../../lint/workspace/read-lint-file.js";
import type { CliIO } from "../../io.js";
import { readStdinCapped } from "../../read-input.js";
import type { LintOptions } from "./lint-options.js";

/** What discovery looks for, as a person reads it: the default patterns without their leading any-directory glob. */
const LOOKED_FOR = DEFAULT_LINT_PATTERNS.map((p) => p.replace(/^\*\*\//, "")).join(", ");

export interface LintInputs {
  files: LintFile[];
  bytesOf: Map<string, Uint8Array>;
  fs: LintFs;
  /** What discovery reads: the disk, plus standard input under its file name. */
  factsHost: Host;
}

/** Reads one target and keeps the bytes its text was decoded from (--fix writes back only the bytes it changes). */
function readTarget(
  host: Host,
  root: string,
  path: string,
  kind: LintFile["kind"],
  realPath?: string,
): { file: LintFile; bytes?: Uint8Array } {
  let bytes: Uint8Array | undefined;
  const keeping: Host = {
    ...host,
    readBytes: (p, o) => {
      const r = host.readBytes(p, o);
      if (r.ok) bytes = r.value.bytes;
      return r;
    },
  };
  const file = readLintFile(keeping, root, path, kind, realPath);
  return bytes !== undefined ? { file, bytes } : { file };
}

export async function readLintInputs(
  host: Host,
  io: CliIO,
  input: {
    root: string;
    /** The folder lint was started in: `--ignore-pattern` globs are relative to it. */
    cwd: string;
    /** Absolute named paths and globs. */
    paths: readonly string[];
    options: LintOptions;
    config: LintConfig;
    configFile: string | undefined;
    maxFiles: number;
  },
): Promise<LintInputs | { error: string }> {
  const { root, paths, options, config, configFile, maxFiles } = input;
  let files: LintFile[];
  const bytesOf = new Map<string, Uint8Array>();
  let fs: LintFs = createHostLintFs(host, root);
  let factsHost: Host = host;
  if (options.stdin) {
    const read = await readStdinCapped(io, LINT_MAX_FILE_BYTES);
    if (!read.ok) return { error: read.error };
    const name = options.stdinFilename ?? "AGENTS.md";
    const kind = classifyLintPath(name) ?? (name.endsWith(".toml") ? "codex-config" : "context");
    const text = read.text;
    files = [createLintFile(name, kind, text)];
    factsHost = createOverlayHost(host, root, [{ path: name, text }]);
    const base = fs;
    fs = {
      ...base,
      kind: (p) => (p === name ? "file" : base.kind(p)),
      readText: (p) => (p === name ? text : base.readText(p)),
    };
  } else {
    const configIgnores =
      configFile !== undefined && config.ignorePatterns
        ? [
            {
              base: dirname(configFile),
              file: relative(root, configFile) || configFile,
              patterns: config.ignorePatterns,
            },
          ]
        : [];
    const found = discoverLintTargets(host, {
      root,
      patterns: [...paths],
      ignorePatterns: options.ignorePattern ?? [],
      ignorePatternsBase: input.cwd,
      configIgnores,
      gitignore: options.ignore !== false,
      maxFiles,
    });
    const fatal = found.diagnostics.find((d) => d.severity === "error");
    if (fatal) return { error: fatal.message };
    for (const d of found.diagnostics) io.stderr(`promptc lint: ${d.message}\n`);
    files = found.value.targets.map((t) => {
      const read = readTarget(host, root, t.path, t.kind, t.realPath);
      if (read.bytes !== undefined) bytesOf.set(t.path, read.bytes);
      return read.file;
    });
    if (files.length === 0) io.stderr(`promptc lint: no files to lint (looked for ${LOOKED_FOR})\n`);
  }
  return { files, bytesOf, fs, factsHost };
}
