// AGENTS.md discovery as Codex 0.171.0 does it: global file, project root by markers, one doc per directory
// from root to cwd, a shared byte budget spent root-first. IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { GlobalInstructions, ProjectDoc, UserInstructions } from "../model/turn-context.js";
import { decodeDocBytes } from "./decode-doc.js";
import type { DecodeMode } from "./decode-doc.js";
import { findProjectRoot } from "./find-project-root.js";
import { joinPath, pathFromRootTo } from "./paths.js";
import { formatBudget, formatCount, formatList, rustTrim } from "./text-utils.js";
import { appendAll } from "../model/append-all.js";
import { cannotRead } from "../model/file-error.js";

export const DEFAULT_PROJECT_DOC_FILENAME = "AGENTS.md";
export const LOCAL_PROJECT_DOC_FILENAME = "AGENTS.override.md";

export interface DiscoverAgentsMdOptions {
  /** Canonical cwd. */
  cwd: string;
  codexHome: string;
  /** `project_doc_max_bytes`; 0 disables project docs. */
  budgetBytes: number;
  fallbackFilenames: readonly string[];
  projectRootMarkers: readonly string[];
  /** `lossy` reproduces Codex; `char-boundary` never leaves a U+FFFD from a split character. */
  decode: DecodeMode;
  /** cwd's trust entry says `untrusted`: Codex 0.171.0 then sends the global file only. */
  projectDocsUntrusted?: boolean;
}

/** Candidate names per directory: override, AGENTS.md, then fallbacks (empty and repeated names skipped). */
export function agentsMdCandidates(fallbacks: readonly string[]): string[] {
  // A Set, not names.includes: a config can list 200k names (that was 31 s of quadratic work).
  const names = new Set([LOCAL_PROJECT_DOC_FILENAME, DEFAULT_PROJECT_DOC_FILENAME]);
  for (const name of fallbacks) if (name !== "") names.add(name);
  return [...names];
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `$CODEX_HOME/AGENTS.override.md`, else `AGENTS.md`: trimmed, first non-empty wins, no size cap. */
export function readGlobalInstructions(host: Host, codexHome: string): Result<GlobalInstructions | undefined> {
  const diagnostics: Diagnostic[] = [];
  for (const name of [LOCAL_PROJECT_DOC_FILENAME, DEFAULT_PROJECT_DOC_FILENAME]) {
    const path = joinPath(codexHome, name);
    // stat first: a FIFO would block the read (Codex 0.171.0 falls through to the next name, as for a folder).
    const st = host.stat(path);
    const read = !st.ok ? st : st.value.kind === "file" ? host.readBytes(path) : undefined;
    if (read === undefined) {
      diagnostics.push(
        diagnostic("agents-md/global-unreadable", "warning", "skipped: not a regular file; Codex skips it silently", {
          file: path,
        }),
      );
      continue;
    }
    if (!read.ok) {
      if (read.error.code !== "ENOENT")
        diagnostics.push(
          diagnostic(
            "agents-md/global-unreadable",
            "warning",
            `skipped: ${cannotRead(path, read.error)}; Codex skips it silently`,
            { file: path, data: { code: read.error.code } },
          ),
        );
      continue;
    }
    let text: string;
    try {
      text = strictUtf8.decode(read.value.bytes);
    } catch {
      // Codex reads this file as a UTF-8 string; invalid bytes make the read fail and the file is skipped.
      diagnostics.push(
        diagnostic("agents-md/global-invalid-utf8", "warning", "skipped: not valid UTF-8 (Codex skips it silently)", {
          file: path,
        }),
      );
      continue;
    }
    const trimmed = rustTrim(text);
    if (trimmed === "") {
      diagnostics.push(diagnostic("agents-md/empty", "info", "skipped: empty or whitespace only", { file: path }));
      continue;
    }
    return { value: { path, text: trimmed, sizeBytes: read.value.size }, diagnostics };
  }
  return { value: undefined, diagnostics };
}

/**
 * One path per directory from project root to cwd: the first candidate that is a regular file once symlinks are
 * followed. As in Codex 0.171.0 (checked with `codex debug prompt-input`): a dangling symlink, a symlink to a
 * folder, a FIFO or a device falls through to the next candidate; any other error (a symlink loop, EACCES)
 * makes Codex send no project docs at all. Symlinks cost one extra stat; plain misses cost one lstat.
 */
export function discoverProjectDocPaths(
  host: Host,
  options: Omit<DiscoverAgentsMdOptions, "budgetBytes" | "decode" | "codexHome">,
): Result<string[]> {
  const found = findProjectRoot(host, options.cwd, options.projectRootMarkers);
  const diagnostics = [...found.diagnostics];
  if (found.failed) return { value: [], diagnostics };
  const dirs = found.root === undefined ? [options.cwd] : pathFromRootTo(found.root, options.cwd);
  const names = agentsMdCandidates(options.fallbackFilenames);
  const paths: string[] = [];
  const failAll = (path: string, code: string): Result<string[]> => {
    diagnostics.push(
      diagnostic(
        "agents-md/read-failed",
        "warning",
        `${cannotRead(path, code)}; as in Codex, no project docs are sent`,
        {
          file: path,
          data: { code },
        },
      ),
    );
    return { value: [], diagnostics };
  };
  for (const dir of dirs) {
    for (const name of names) {
      const path = joinPath(dir, name);
      const st = host.lstat(path);
      if (!st.ok) {
        if (st.error.code === "ENOENT" || st.error.code === "ENOTDIR") continue;
        return failAll(path, st.error.code);
      }
      let kind = st.value.kind;
      if (kind === "symlink") {
        const target = host.stat(path);
        if (!target.ok) {
          if (target.error.code !== "ENOENT" && target.error.code !== "ENOTDIR")
            return failAll(path, target.error.code);
          diagnostics.push(
            diagnostic(
              "agents-md/dangling-symlink",
              "info",
              "skipped: the symlink points to nothing (Codex tries the next name)",
              { file: path },
            ),
          );
          continue;
        }
        kind = target.value.kind;
      }
      if (kind === "file") {
        paths.push(path);
        break;
      }
      // Never opened: reading a FIFO would block (Codex skips these too).
      const what = kind === "directory" ? "a directory" : "not a regular file (FIFO, socket or device)";
      diagnostics.push(
        diagnostic("agents-md/not-a-file", "info", `ignored: ${what}; Codex tries the next name`, { file: path }),
      );
    }
  }
  return { value: paths, diagnostics };
}

export function discoverAgentsMd(host: Host, options: DiscoverAgentsMdOptions): Result<UserInstructions> {
  const global = readGlobalInstructions(host, options.codexHome);
  const diagnostics = [...global.diagnostics];
  const result: UserInstructions = { projectDocs: [], budgetBytes: options.budgetBytes };
  if (global.value) result.global = global.value;
  const discovered = discoverProjectDocPaths(host, options);
  appendAll(diagnostics, discovered.diagnostics);
  const paths = discovered.value;
  const budgetText = formatBudget(options.budgetBytes);

  if (options.projectDocsUntrusted) {
    result.untrustedProject = true;
    for (const path of paths)
      diagnostics.push(
        diagnostic(
          "agents-md/untrusted",
          "info",
          'not sent: the project is marked untrusted (trust_level = "untrusted")',
          {
            file: path,
          },
        ),
      );
    return { value: result, diagnostics };
  }
  if (options.budgetBytes === 0) {
    for (const path of paths)
      diagnostics.push(
        diagnostic("agents-md/disabled", "info", "not sent: project docs are disabled (project_doc_max_bytes = 0)", {
          file: path,
        }),
      );
    return { value: result, diagnostics };
  }

  let remaining = options.budgetBytes;
  const spentBy: string[] = [];
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i] as string;
    if (remaining === 0) {
      for (const dropped of paths.slice(i)) {
        const st = host.stat(dropped);
        const size = st.ok ? st.value.size : 0;
        diagnostics.push(
          diagnostic(
            "agents-md/dropped",
            "warning",
            `dropped (${formatCount(size)} bytes) — the ${budgetText} project-doc budget was already spent by ${formatList(spentBy)}`,
            {
              file: dropped,
              data: { sizeBytes: size, budgetBytes: options.budgetBytes, spentBy: [...spentBy] },
            },
          ),
        );
      }
      break;
    }
    const read = host.readBytes(path, { maxBytes: remaining });
    if (!read.ok) {
      if (read.error.code === "ENOENT") {
        // Deleted between the check and the read.
        diagnostics.push(
          diagnostic("agents-md/vanished", "warning", "skipped: the file disappeared while it was being read", {
            file: path,
          }),
        );
        continue;
      }
      // Codex treats any other read error as fatal for all project docs and carries on without them.
      diagnostics.push(
        diagnostic(
          "agents-md/read-failed",
          "warning",
          `${cannotRead(path, read.error)}; as in Codex, no project docs are sent`,
          { file: path, data: { code: read.error.code } },
        ),
      );
      result.projectDocs = [];
      return { value: result, diagnostics };
    }
    const { bytes, size, truncated } = read.value;
    const decoded = decodeDocBytes(bytes, options.decode, truncated);
    if (decoded.hasNul)
      diagnostics.push(
        diagnostic("agents-md/binary", "warning", "contains NUL bytes: looks like a binary file, sent as text", {
          file: path,
        }),
      );
    if (decoded.invalidUtf8)
      diagnostics.push(
        diagnostic("agents-md/invalid-utf8", "warning", "not valid UTF-8: each invalid sequence is sent as U+FFFD", {
          file: path,
        }),
      );
    if (decoded.hasBom)
      diagnostics.push(
        diagnostic("agents-md/bom", "info", "starts with a UTF-8 byte-order mark, sent as U+FEFF", { file: path }),
      );
    if (decoded.hasCrlf)
      diagnostics.push(diagnostic("agents-md/crlf", "info", "uses CRLF line ends, sent unchanged", { file: path }));
    if (rustTrim(decoded.text) === "") {
      diagnostics.push(
        diagnostic("agents-md/empty", "info", "skipped: empty or whitespace only (costs no budget)", { file: path }),
      );
      continue;
    }
    if (truncated) {
      const why =
        spentBy.length > 0
          ? `the ${budgetText} project-doc budget was spent by ${formatList(spentBy)}`
          : `the file exceeds the ${budgetText} project-doc budget`;
      diagnostics.push(
        diagnostic(
          "agents-md/truncated",
          "warning",
          `kept ${formatCount(decoded.keptBytes)} of ${formatCount(size)} bytes — ${why}`,
          {
            file: path,
            data: {
              keptBytes: decoded.keptBytes,
              sizeBytes: size,
              budgetBytes: options.budgetBytes,
              spentBy: [...spentBy],
            },
          },
        ),
      );
      if (decoded.splitCharacter)
        diagnostics.push(
          options.decode === "lossy"
            ? diagnostic(
                "agents-md/split-character",
                "warning",
                "the cut splits a multi-byte character, sent as U+FFFD (as Codex does)",
                { file: path },
              )
            : diagnostic(
                "agents-md/split-character",
                "info",
                "the cut splits a multi-byte character; backed off to the character boundary",
                { file: path },
              ),
        );
    }
    result.projectDocs.push({
      path,
      text: decoded.text,
      sizeBytes: size,
      keptBytes: bytes.length,
    } satisfies ProjectDoc);
    spentBy.push(path);
    remaining -= bytes.length;
  }
  return { value: result, diagnostics };
}
