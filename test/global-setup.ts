// Runs once per `vitest run`, before the test workers start: the suite's caches (tokenizer tables, calibrations) go to
// a folder of this run's own instead of the user's ~/.cache, so two suites side by side never share one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const cache = mkdtempSync(join(tmpdir(), "promptc-test-cache-"));
  // Workers are forked after this and inherit the environment.
  process.env.XDG_CACHE_HOME = cache;
  return () => rmSync(cache, { recursive: true, force: true });
}
