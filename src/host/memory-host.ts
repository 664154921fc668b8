// An in-memory Host for tests: files, directories, symlinks (loops too), unreadable entries, fixed clock/env.
// Pure (no node:*); paths are POSIX and absolute.
import type { Clock, DirEntry, FileStat, Host, HostResult, ReadBytesValue } from "./host.js";
import { compareByteOrder } from "./byte-order.js";

/** Linux's limit on symlinks followed while resolving one path. */
const MAX_SYMLINK_HOPS = 40;

/**
 * What a path holds: text or bytes (a file), `{ dir }`, `{ symlink }`, `{ fifo }` (kind `other`); `unreadable`
 * gives EACCES. Reading a FIFO throws: on a real system that read blocks forever, so a test that reaches it fails.
 */
export type MemoryEntry =
  | string
  | Uint8Array
  | { file: string | Uint8Array; unreadable?: boolean }
  | { dir: true; unreadable?: boolean }
  | { symlink: string }
  | { fifo: true };

export interface MemoryHostOptions {
  /** Absolute path → entry. Parent directories are created implicitly. */
  files?: Record<string, MemoryEntry>;
  cwd?: string;
  env?: Record<string, string>;
  home?: string;
  /** The account's login shell (NodeHost reads the passwd entry). */
  loginShell?: string;
  clock?: Clock;
}

type DirNode = { type: "dir"; children: Map<string, Node>; unreadable: boolean };
type Node =
  | { type: "file"; bytes: Uint8Array; unreadable: boolean }
  | DirNode
  | { type: "symlink"; target: string }
  | { type: "fifo" };

type Located = { ok: true; node: Node; path: string[] } | { ok: false; code: string };

const encoder = new TextEncoder();

function err<T>(code: string, op: string, path: string): HostResult<T> {
  return { ok: false, error: { code, message: `${code}: ${op} '${path}'` } };
}

function split(path: string): string[] {
  return path.split("/").filter((p) => p !== "" && p !== ".");
}

export interface MemoryHost extends Host {
  /** Add or replace an entry after creation (tests that mutate the tree). */
  set(path: string, entry: MemoryEntry): void;
}

export function createMemoryHost(options: MemoryHostOptions = {}): MemoryHost {
  const root: DirNode = { type: "dir", children: new Map(), unreadable: false };

  function set(path: string, entry: MemoryEntry): void {
    const parts = split(path);
    let dir: DirNode = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.children.get(part);
      if (!next || next.type !== "dir") {
        next = { type: "dir", children: new Map(), unreadable: false };
        dir.children.set(part, next);
      }
      dir = next;
    }
    const name = parts[parts.length - 1];
    if (name === undefined) return;
    dir.children.set(name, toNode(entry, dir.children.get(name)));
  }

  function toNode(entry: MemoryEntry, existing: Node | undefined): Node {
    if (typeof entry === "string") return { type: "file", bytes: encoder.encode(entry), unreadable: false };
    if (entry instanceof Uint8Array) return { type: "file", bytes: entry, unreadable: false };
    if ("symlink" in entry) return { type: "symlink", target: entry.symlink };
    if ("fifo" in entry) return { type: "fifo" };
    if ("dir" in entry) {
      const children = existing?.type === "dir" ? existing.children : new Map<string, Node>();
      return { type: "dir", children, unreadable: entry.unreadable ?? false };
    }
    const bytes = typeof entry.file === "string" ? encoder.encode(entry.file) : entry.file;
    return { type: "file", bytes, unreadable: entry.unreadable ?? false };
  }

  /** Walk `path`; follow symlinks in every component, and in the last one when `followLast`. */
  function locate(path: string, followLast: boolean): Located {
    let hops = 0;
    const walk = (parts: string[], base: string[]): Located => {
      let node: Node = root;
      let cur: string[] = [];
      // Resolve the base prefix (already canonical) first.
      for (const part of base) {
        if (node.type !== "dir") return { ok: false, code: "ENOTDIR" };
        const next = node.children.get(part);
        if (!next) return { ok: false, code: "ENOENT" };
        node = next;
        cur.push(part);
      }
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i] as string;
        if (part === "..") {
          cur = cur.slice(0, -1);
          const again = walk([], cur);
          if (!again.ok) return again;
          node = again.node;
          continue;
        }
        if (node.type !== "dir") return { ok: false, code: "ENOTDIR" };
        if (node.unreadable) return { ok: false, code: "EACCES" };
        const next = node.children.get(part);
        if (!next) return { ok: false, code: "ENOENT" };
        const last = i === parts.length - 1;
        if (next.type === "symlink" && (!last || followLast)) {
          if (++hops > MAX_SYMLINK_HOPS) return { ok: false, code: "ELOOP" };
          const target = next.target.startsWith("/") ? split(next.target) : [...cur, ...split(next.target)];
          const resolved = walk(target, []);
          if (!resolved.ok) return resolved;
          node = resolved.node;
          cur = resolved.path;
          continue;
        }
        node = next;
        cur.push(part);
      }
      return { ok: true, node, path: cur };
    };
    return walk(split(path), []);
  }

  function statOf(node: Node): FileStat {
    switch (node.type) {
      case "file":
        return { kind: "file", size: node.bytes.length };
      case "dir":
        return { kind: "directory", size: 4096 };
      case "symlink":
        return { kind: "symlink", size: node.target.length };
      case "fifo":
        return { kind: "other", size: 0 };
      default: {
        const never: never = node;
        return never;
      }
    }
  }

  for (const [path, entry] of Object.entries(options.files ?? {})) set(path, entry);

  const env = options.env ?? {};
  const clock = options.clock ?? { nowMs: Date.UTC(2026, 10, 29, 12, 0, 0), timezone: "Etc/UTC" };

  return {
    set,
    readBytes(path, opts): HostResult<ReadBytesValue> {
      const found = locate(path, true);
      if (!found.ok) return err(found.code, "open", path);
      const node = found.node;
      if (node.type === "dir") return err("EISDIR", "read", path);
      if (node.type === "fifo") throw new Error(`memory host: read of FIFO ${path} would block forever`);
      if (node.type !== "file") return err("EINVAL", "read", path);
      if (node.unreadable) return err("EACCES", "open", path);
      const max = opts?.maxBytes === undefined ? node.bytes.length : Math.max(0, Math.floor(opts.maxBytes));
      const bytes = node.bytes.slice(0, Math.min(max, node.bytes.length));
      return { ok: true, value: { bytes, size: node.bytes.length, truncated: bytes.length < node.bytes.length } };
    },
    lstat(path) {
      const found = locate(path, false);
      return found.ok ? { ok: true, value: statOf(found.node) } : err(found.code, "lstat", path);
    },
    stat(path) {
      const found = locate(path, true);
      return found.ok ? { ok: true, value: statOf(found.node) } : err(found.code, "stat", path);
    },
    readDir(path): HostResult<DirEntry[]> {
      const found = locate(path, true);
      if (!found.ok) return err(found.code, "scandir", path);
      const node = found.node;
      if (node.type !== "dir") return err("ENOTDIR", "scandir", path);
      if (node.unreadable) return err("EACCES", "scandir", path);
      const entries = [...node.children].map(([name, child]) => ({ name, kind: statOf(child).kind }));
      entries.sort((a, b) => compareByteOrder(a.name, b.name));
      return { ok: true, value: entries };
    },
    // Insertion order stands in for a file system's own directory order.
    readDirRaw(path) {
      const found = locate(path, true);
      if (!found.ok) return err(found.code, "scandir", path);
      const node = found.node;
      if (node.type !== "dir") return err("ENOTDIR", "scandir", path);
      if (node.unreadable) return err("EACCES", "scandir", path);
      return { ok: true, value: [...node.children].map(([name, child]) => ({ name, kind: statOf(child).kind })) };
    },
    realpath(path) {
      const found = locate(path, true);
      return found.ok ? { ok: true, value: "/" + found.path.join("/") } : err(found.code, "realpath", path);
    },
    cwd: () => options.cwd ?? "/",
    env: (name) => env[name],
    home: () => options.home,
    loginShell: () => options.loginShell,
    clock: () => clock,
  };
}
