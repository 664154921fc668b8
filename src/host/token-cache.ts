// Persistent token-count cache: `key<TAB>count` lines in one file under the user's cache directory. Does IO.
// Best effort by design: an unreadable or corrupt file means an empty cache, a failed write is only reported.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { makeDirectories } from "./make-directories.js";
import { isAbsolute, join } from "node:path";
import type { TokenCountCache } from "../tokens/count.js";

export const TOKEN_CACHE_FILE = "token-counts-v1.tsv";
/** Newest entries kept; at ~45 bytes a line the file stays under ~1 MB. */
export const TOKEN_CACHE_MAX_ENTRIES = 20_000;
/** A bigger file is not ours (or is damaged): it is ignored rather than parsed. */
export const TOKEN_CACHE_MAX_FILE_BYTES = 4 * 1024 * 1024;

// contentKey(): `<encoding>:<utf16 length>:<16 hex digits>`.
const LINE = /^([a-z0-9_]+):(\d{1,10}):([0-9a-f]{16})\t(\d{1,10})$/;

export interface DiskTokenCache extends TokenCountCache {
  readonly path: string;
  /** Entries read from disk, and lines skipped as malformed (the file is read on first use). */
  readonly loaded: number;
  readonly skipped: number;
  /** Merge new entries into the file (temp file + rename). True when written or nothing to write. */
  flush(): boolean;
}

export interface OpenTokenCacheOptions {
  dir: string;
  maxEntries?: number;
}

/** `$XDG_CACHE_HOME/promptc`, else `~/.cache/promptc`; undefined when neither is known. */
export function defaultTokenCacheDir(
  env: Readonly<Record<string, string | undefined>>,
  home: string | undefined,
): string | undefined {
  const xdg = env["XDG_CACHE_HOME"];
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "promptc");
  if (home !== undefined && home !== "") return join(home, ".cache", "promptc");
  return undefined;
}

function readEntries(path: string): { entries: Map<string, number>; skipped: number } {
  const entries = new Map<string, number>();
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > TOKEN_CACHE_MAX_FILE_BYTES) return { entries, skipped: 0 };
    text = bytes.toString("utf8");
  } catch {
    return { entries, skipped: 0 };
  }
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const m = LINE.exec(line);
    const length = Number(m?.[2]);
    const count = Number(m?.[4]);
    // A count can never exceed the UTF-8 bytes of the text (≤ 3 per UTF-16 unit).
    if (m === null || count > length * 3) {
      skipped++;
      continue;
    }
    entries.set(line.slice(0, line.indexOf("\t")), count);
  }
  return { entries, skipped };
}

export function openDiskTokenCache(options: OpenTokenCacheOptions): DiskTokenCache {
  const maxEntries = options.maxEntries ?? TOKEN_CACHE_MAX_ENTRIES;
  const path = join(options.dir, TOKEN_CACHE_FILE);
  // Read on first use: most runs (`--help`, `preview --json`, `diff`) never count a token.
  let read: ReturnType<typeof readEntries> | undefined;
  const disk = () => (read ??= readEntries(path));
  const added = new Map<string, number>();
  return {
    path,
    get loaded() {
      return disk().entries.size;
    },
    get skipped() {
      return disk().skipped;
    },
    get: (key) => added.get(key) ?? disk().entries.get(key),
    set(key, count) {
      if (disk().entries.get(key) !== count) added.set(key, count);
    },
    flush() {
      if (added.size === 0) return true;
      // Re-read so entries written meanwhile by another process survive; ours are newest, so last.
      const merged = readEntries(path).entries;
      for (const [key, count] of added) {
        merged.delete(key);
        merged.set(key, count);
      }
      const keep = [...merged].slice(Math.max(0, merged.size - maxEntries));
      const body = keep.map(([key, count]) => `${key}\t${count}\n`).join("");
      const temp = `${path}.${process.pid}.tmp`;
      try {
        makeDirectories(options.dir);
        writeFileSync(temp, body);
        renameSync(temp, path);
      } catch {
        try {
          rmSync(temp, { force: true });
        } catch {
          // nothing left to clean up
        }
        return false;
      }
      for (const [key, count] of added) disk().entries.set(key, count);
      added.clear();
      return true;
    },
  };
}

/**
 * Open the default cache, for `createTokenCounter({ cache })`; the caller flushes it before exit.
 * Disabled (undefined) when PROMPTC_TOKEN_CACHE is `0`/`off` or no cache directory is known.
 */
export function openDefaultTokenCache(
  env: Readonly<Record<string, string | undefined>>,
  home: string | undefined,
): DiskTokenCache | undefined {
  const setting = env["PROMPTC_TOKEN_CACHE"];
  if (setting === "0" || setting === "off") return undefined;
  const dir = defaultTokenCacheDir(env, home);
  if (dir === undefined) return undefined;
  return openDiskTokenCache({ dir });
}
