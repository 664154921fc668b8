// Persistent token-count cache: `key<TAB>count` lines in one file under the user's cache directory. Does IO.
// Best effort by design: an unreadable or corrupt file means an empty cache, a failed write is only reported.
import { appendFileSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { makeDirectories } from "./make-directories.js";
import { isAbsolute, join } from "node:path";
import type { TokenCountCache } from "../tokens/count.js";

export const TOKEN_CACHE_FILE = "token-counts-v1.tsv";
/** Newest entries kept; at ~45 bytes a line the file stays near 1 MB (a quarter more between rewrites). */
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
  /** Add new entries to the file (appended; rewritten when it grows past the limit). True when written or nothing to write. */
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

/** The file's text, or "" when it is missing, unreadable or too big to be ours. */
function readCacheText(path: string): string {
  try {
    const bytes = readFileSync(path);
    return bytes.length > TOKEN_CACHE_MAX_FILE_BYTES ? "" : bytes.toString(); // UTF-8 (named, Node would look the encoding up)
  } catch {
    return "";
  }
}

function parseEntries(text: string): { entries: Map<string, number>; skipped: number } {
  const entries = new Map<string, number>();
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
    // The last line for a key wins, and places it among the newest.
    const key = line.slice(0, line.indexOf("\t"));
    entries.delete(key);
    entries.set(key, count);
  }
  return { entries, skipped };
}

function lineCount(text: string): number {
  let n = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

const COUNT = /^\d{1,10}$/;

/**
 * One key's count, found in the file's text (`\n` + file) without parsing the rest: a run looks up a few dozen
 * keys, and parsing 20,000 lines into a map took longer than the counting they spare. The last line for a key is
 * the newest; a malformed one is a miss (the text is counted again).
 */
function lookUp(text: string, key: string): number | undefined {
  // Forward searches: V8's indexOf skips ahead, its lastIndexOf compares at every position (4× slower on 1 MB).
  const needle = `\n${key}\t`;
  let at = text.indexOf(needle);
  if (at < 0) return undefined;
  for (let next = text.indexOf(needle, at + 1); next >= 0; next = text.indexOf(needle, next + 1)) at = next;
  const start = at + key.length + 2;
  const end = text.indexOf("\n", start);
  const digits = text.slice(start, end < 0 ? text.length : end);
  if (!COUNT.test(digits) || !LINE.test(`${key}\t${digits}`)) return undefined;
  const count = Number(digits);
  return count > Number(key.split(":")[1]) * 3 ? undefined : count;
}

export function openDiskTokenCache(options: OpenTokenCacheOptions): DiskTokenCache {
  const maxEntries = options.maxEntries ?? TOKEN_CACHE_MAX_ENTRIES;
  const path = join(options.dir, TOKEN_CACHE_FILE);
  // Read on first use: most runs (`--help`, `preview --json`, `diff`) never count a token.
  let text: string | undefined;
  const disk = () => (text ??= `\n${readCacheText(path)}`);
  let parsed: ReturnType<typeof parseEntries> | undefined;
  const all = () => (parsed ??= parseEntries(disk()));
  const stored = (key: string) => lookUp(disk(), key);
  const added = new Map<string, number>();
  return {
    path,
    get loaded() {
      return all().entries.size;
    },
    get skipped() {
      return all().skipped;
    },
    get: (key) => added.get(key) ?? stored(key),
    // Not looked up here (each look-up scans the file): flush leaves the file alone when it knew them all.
    set: (key, count) => void added.set(key, count),
    flush() {
      if (added.size === 0) return true;
      // Re-read so entries written meanwhile by another process survive; ours are newest, so last.
      const current = readCacheText(path);
      const fresh = [...added].filter(([key, count]) => lookUp(`\n${current}`, key) !== count);
      if (fresh.length === 0) {
        added.clear();
        return true;
      }
      const lines = fresh.map(([key, count]) => `${key}\t${count}\n`).join("");
      // Appended, as the last line for a key wins: a run that adds a few counts neither parses nor rewrites the
      // file. A file past the limit by a quarter (or missing, unreadable, too big) is rewritten: newest entries only.
      const rewrite = current === "" || lineCount(current) + fresh.length > maxEntries + Math.ceil(maxEntries / 4);
      const body = rewrite
        ? [...parseEntries(current + lines).entries]
            .slice(-maxEntries)
            .map(([key, count]) => `${key}\t${count}\n`)
            .join("")
        : `${current.endsWith("\n") ? "" : "\n"}${lines}`;
      const temp = `${path}.${process.pid}.tmp`;
      try {
        makeDirectories(options.dir);
        if (rewrite) {
          writeFileSync(temp, body);
          renameSync(temp, path);
        } else appendFileSync(path, body);
      } catch {
        try {
          rmSync(temp, { force: true });
        } catch {
          // nothing left to clean up
        }
        return false;
      }
      text = `\n${rewrite ? body : current + body}`;
      parsed = undefined;
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
