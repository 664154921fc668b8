// Processes a test's command left behind are found by their command line `sleep <marker>`; a random marker is one no
// other test, and no other suite running on the same machine, uses (a pid-derived one can repeat across suites).
import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

export function sleepMarker(): string {
  return String(randomInt(100_000_000, 999_999_999));
}

/** Live processes whose command line is `sleep <marker>`. */
export function sleepersWith(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8") === `sleep\0${marker}\0`) found.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
