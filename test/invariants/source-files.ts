// Test helper for source-scanning invariants: every .ts file under src/, as '/'-separated paths relative to it.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const SRC = join(import.meta.dirname, "..", "..", "src");

function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listTs(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/** `compile/compile.ts`, `host/node-host.ts`, … (relative to src/). */
export function sourceFiles(): string[] {
  return listTs(SRC).map((f) => relative(SRC, f).split("\\").join("/"));
}
