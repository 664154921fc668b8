// A folder of the calling test file's own (mkdtemp), removed after its tests: two suites running side by side on
// one machine never share a path. Call at module level (it registers the file's afterAll).
import { randomInt } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** `parent` defaults to the system temp folder; `/var/tmp` is outside every writable root `promptc run` grants. */
export function useScratchDir(prefix: string, parent: string = tmpdir()): string {
  const dir = mkdtempSync(join(parent, prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A scratch folder `<parent>/<prefix><9 random digits>`: its path has the same length and the same token count on
 * every run (digits tokenise in groups of three), for outputs that count the tokens of a path they hold.
 */
export function useScratchDirOfFixedLength(prefix: string, parent: string): string {
  for (;;) {
    const dir = join(parent, `${prefix}${randomInt(100_000_000, 999_999_999)}`);
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw err;
    }
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }
}
