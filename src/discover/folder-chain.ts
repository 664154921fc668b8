// A walk of folders from one folder up to a top one, kept as a node per folder made from the node of the folder
// above: the walks of a deep tree's many launch folders share every folder's node, so each folder is read once
// (a folder's result is its parent's plus its own) and a launch makes only the nodes no launch above it made.
// Pure (the nodes' maker does the IO it needs).
import { dirnameOf } from "./paths.js";

export interface FolderChainLimits {
  /** The highest folder of the walk (its node is made without one above it); default: `/`. */
  isTop?: (dir: string) => boolean;
  /** A folder the walk stops below, itself left out (Gemini CLI's ~/.gemini). */
  isOutside?: (dir: string) => boolean;
}

/**
 * The node of `dir` (normalized), made by `make(folder, nodeAbove)` for it and for each folder above it that
 * `nodes` lacks, top-down; undefined when `dir` itself is outside the walk. The same limits for one `nodes`.
 */
export function folderNode<T>(
  nodes: Map<string, T>,
  dir: string,
  make: (dir: string, up: T | undefined) => T,
  limits: FolderChainLimits = {},
): T | undefined {
  // Up to the nearest folder with a node (or the top, or `/`), then down again: no recursion as deep as the tree.
  const missing: string[] = [];
  let node: T | undefined;
  for (let d = dir; ; ) {
    if (limits.isOutside?.(d)) break;
    node = nodes.get(d);
    if (node !== undefined) break;
    missing.push(d);
    const parent = dirnameOf(d);
    if (parent === d || limits.isTop?.(d)) break;
    d = parent;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    const d = missing[i] as string;
    node = make(d, limits.isTop?.(d) ? undefined : node);
    nodes.set(d, node);
  }
  return node;
}
