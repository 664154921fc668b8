// AGENTS.md discovery as Codex 0.171.0 does it: global file, project root by markers, one doc per directory
// from root to cwd, a shared byte budget spent root-first. IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { GlobalInstructions, ProjectDoc, UserInstructions } from "../model/turn-context.js";
import { decodeDocBytes } from "./decode-doc.js";
import type { DecodeMode } from "./decode-doc.js";
import { findProjectRoot } from "./find-project-root.js";
import { dirnameOf, joinPath, normalizePath, pathFromRootTo } from "./paths.js";
import { folderNode } from "./folder-chain.js";
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
  /** What other launches of the same run already found (lint starts Codex in many folders of one tree). */
  folders?: AgentsMdFolders;
}

/** The walk from the project root down to one folder: the docs found, what was said, whether it gave up. */
interface DocWalk {
  paths: string[];
  diagnostics: Diagnostic[];
  /** A check failed: no project docs at all, here and below. */
  failed: boolean;
}

/** The budget spent root-first on a walk's docs: what was sent and said, what is left. */
interface DocBudget {
  docs: ProjectDoc[];
  diagnostics: Diagnostic[];
  spentBy: string[];
  remaining: number;
  /** A read failed: no project docs are sent, here and below. */
  failed: boolean;
}

/**
 * Per walk (project root, candidate names) each folder's walk, and per budget and decoding each folder's budget:
 * a folder's is its parent's plus its own docs, shared by every launch of one run. Without it, one call's own.
 */
export interface AgentsMdFolders {
  walks: Map<string, Map<string, DocWalk>>;
  budgets: Map<string, Map<string, DocBudget>>;
}

export function createAgentsMdFolders(): AgentsMdFolders {
  return { walks: new Map(), budgets: new Map() };
}

function nodesOf<T>(maps: Map<string, Map<string, T>>, key: string): Map<string, T> {
  let nodes = maps.get(key);
  if (nodes === undefined) maps.set(key, (nodes = new Map()));
  return nodes;
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
  const walk = projectDocWalk(host, options);
  return { value: walk.paths, diagnostics: walk.diagnostics };
}

/** discoverProjectDocPaths's walk, with the project root's diagnostics first, and that root. */
function projectDocWalk(
  host: Host,
  options: Omit<DiscoverAgentsMdOptions, "budgetBytes" | "decode" | "codexHome">,
): DocWalk & { root?: string } {
  const found = findProjectRoot(host, options.cwd, options.projectRootMarkers);
  const diagnostics = [...found.diagnostics];
  if (found.failed) return { paths: [], diagnostics, failed: true };
  const names = agentsMdCandidates(options.fallbackFilenames);
  const root = found.root;
  let walk: DocWalk;
  if (root === undefined || options.folders === undefined) {
    walk = { paths: [], diagnostics: [], failed: false };
    for (const dir of root === undefined ? [options.cwd] : pathFromRootTo(root, options.cwd)) {
      walkFolder(host, dir, names, walk);
      if (walk.failed) break;
    }
  } else {
    const nodes = nodesOf(options.folders.walks, `${root}\u0000${names.join("\u0000")}`);
    walk = folderNode(
      nodes,
      normalizePath(options.cwd),
      (dir, up) => {
        if (up?.failed) return up;
        const own: DocWalk = {
          paths: [...(up?.paths ?? [])],
          diagnostics: [...(up?.diagnostics ?? [])],
          failed: false,
        };
        walkFolder(host, dir, names, own);
        return own;
      },
      { isTop: (d) => d === root },
    ) as DocWalk;
  }
  const out = { paths: walk.paths, diagnostics: appendAll(diagnostics, walk.diagnostics), failed: walk.failed };
  return root !== undefined ? { ...out, root } : out;
}

/** One folder of the walk: its doc (the first candidate that is a regular file) added to `walk`. */
function walkFolder(host: Host, dir: string, names: readonly string[], walk: DocWalk): void {
  const failAll = (path: string, code: string): void => {
    walk.diagnostics.push(
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
    walk.paths = [];
    walk.failed = true;
  };
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
        if (target.error.code !== "ENOENT" && target.error.code !== "ENOTDIR") return failAll(path, target.error.code);
        walk.diagnostics.push(
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
      walk.paths.push(path);
      return;
    }
    // Never opened: reading a FIFO would block (Codex skips these too).
    const what = kind === "directory" ? "a directory" : "not a regular file (FIFO, socket or device)";
    walk.diagnostics.push(
      diagnostic("agents-md/not-a-file", "info", `ignored: ${what}; Codex tries the next name`, { file: path }),
    );
  }
}

export function discoverAgentsMd(host: Host, options: DiscoverAgentsMdOptions): Result<UserInstructions> {
  const global = readGlobalInstructions(host, options.codexHome);
  const diagnostics = [...global.diagnostics];
  const result: UserInstructions = { projectDocs: [], budgetBytes: options.budgetBytes };
  if (global.value) result.global = global.value;
  const discovered = projectDocWalk(host, options);
  appendAll(diagnostics, discovered.diagnostics);
  const paths = discovered.paths;
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

  const budget = spentBudget(host, options, discovered, budgetText);
  appendAll(diagnostics, budget.diagnostics);
  result.projectDocs = [...budget.docs];
  return { value: result, diagnostics };
}

function freshBudget(options: DiscoverAgentsMdOptions): DocBudget {
  return { docs: [], diagnostics: [], spentBy: [], remaining: options.budgetBytes, failed: false };
}

/** The budget spent on the walk's docs, root first; shared per folder when the run shares its folders. */
function spentBudget(
  host: Host,
  options: DiscoverAgentsMdOptions,
  walk: DocWalk & { root?: string },
  budgetText: string,
): DocBudget {
  const root = walk.root;
  if (options.folders === undefined || root === undefined || walk.failed) {
    const budget = freshBudget(options);
    for (const path of walk.paths) {
      if (budget.failed) break;
      spendOn(host, options, budget, path, budgetText);
    }
    return budget;
  }
  const names = agentsMdCandidates(options.fallbackFilenames).join("\u0000");
  const walks = nodesOf(options.folders.walks, `${root}\u0000${names}`);
  const nodes = nodesOf(
    options.folders.budgets,
    `${root}\u0000${names}\u0000${options.budgetBytes}\u0000${options.decode}`,
  );
  return folderNode(
    nodes,
    normalizePath(options.cwd),
    (dir, up) => {
      if (up?.failed) return up;
      const own = walks.get(dir) as DocWalk;
      const budget: DocBudget =
        up === undefined
          ? freshBudget(options)
          : {
              docs: [...up.docs],
              diagnostics: [...up.diagnostics],
              spentBy: [...up.spentBy],
              remaining: up.remaining,
              failed: false,
            };
      // This folder's docs: those its walk found after its parent's.
      const above = dir === root ? 0 : (walks.get(dirnameOf(dir)) as DocWalk).paths.length;
      for (const path of own.paths.slice(above)) {
        if (budget.failed) break;
        spendOn(host, options, budget, path, budgetText);
      }
      return budget;
    },
    { isTop: (d) => d === root },
  ) as DocBudget;
}

/** One doc of the walk, root first: sent (maybe cut), skipped, or dropped once the budget is spent. */
function spendOn(
  host: Host,
  options: DiscoverAgentsMdOptions,
  budget: DocBudget,
  path: string,
  budgetText: string,
): void {
  const { diagnostics, spentBy } = budget;
  if (budget.remaining === 0) {
    const st = host.stat(path);
    const size = st.ok ? st.value.size : 0;
    diagnostics.push(
      diagnostic(
        "agents-md/dropped",
        "warning",
        `dropped (${formatCount(size)} bytes) — the ${budgetText} project-doc budget was already spent by ${formatList(spentBy)}`,
        {
          file: path,
          data: { sizeBytes: size, budgetBytes: options.budgetBytes, spentBy: [...spentBy] },
        },
      ),
    );
    return;
  }
  const read = host.readBytes(path, { maxBytes: budget.remaining });
  if (!read.ok) {
    if (read.error.code === "ENOENT") {
      // Deleted between the check and the read.
      diagnostics.push(
        diagnostic("agents-md/vanished", "warning", "skipped: the file disappeared while it was being read", {
          file: path,
        }),
      );
      return;
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
    budget.docs = [];
    budget.failed = true;
    return;
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
    return;
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
  budget.docs.push({
    path,
    text: decoded.text,
    sizeBytes: size,
    keptBytes: bytes.length,
  } satisfies ProjectDoc);
  spentBy.push(path);
  budget.remaining -= bytes.length;
}
