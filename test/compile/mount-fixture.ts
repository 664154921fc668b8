// Test helper: copies a fixture folder from disk into MemoryHost entries under a fixed path, so a compile over
// it gives the same bytes on every machine (symlinks kept as symlinks, files as bytes).
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import type { MemoryEntry } from "../../src/host/memory-host.js";

export function mountFixture(diskDir: string, at: string): Record<string, MemoryEntry> {
  const files: Record<string, MemoryEntry> = { [at]: { dir: true } };
  const walk = (disk: string, mem: string): void => {
    for (const name of readdirSync(disk).sort()) {
      const from = join(disk, name);
      const to = `${mem}/${name}`;
      const st = lstatSync(from);
      if (st.isSymbolicLink()) files[to] = { symlink: readlinkSync(from) };
      else if (st.isDirectory()) {
        files[to] = { dir: true };
        walk(from, to);
      } else files[to] = new Uint8Array(readFileSync(from));
    }
  };
  walk(diskDir, at);
  return files;
}
