// Test helper: bundles a few lines of TypeScript that import from src/ into one ESM file a child `node` process
// can run (for behaviour that needs its own process: a hang killed by a timeout, two processes at once).
import { join } from "node:path";
import { buildSync } from "esbuild";

const ROOT = join(import.meta.dirname, "..");

/** `contents` imports repository files by paths relative to the repository root (`./src/host/…ts`). */
export function bundleForChild(contents: string, outfile: string): void {
  buildSync({
    stdin: { contents, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "error",
  });
}
