// The check both frontmatter fast paths are held to: wherever one answers, its answer is the yaml package's.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { parseYamlSafely } from "../../src/discover/parse-skill-md.js";

/** yaml's answer as a plain value, or `error` when it throws. */
export function viaYaml(block: string): unknown {
  try {
    return parseYamlSafely(block);
  } catch {
    return "error";
  }
}

/** A fast path's table as a plain object; undefined when it declines. */
export function plainAnswer(parse: (block: string) => object | undefined, block: string): unknown {
  const table = parse(block);
  return table === undefined ? undefined : JSON.parse(JSON.stringify(table));
}

/** A checker that expects `parse` to equal yaml wherever it answers, and says whether it answered. */
export function agreementWith(parse: (block: string) => object | undefined): (block: string) => boolean {
  return (block) => {
    const fast = plainAnswer(parse, block);
    if (fast !== undefined) expect({ block, value: fast }).toEqual({ block, value: viaYaml(block) });
    return fast !== undefined;
  };
}

/** Every SKILL.md below `dir` (none when it is missing): real frontmatter for both checks. */
export function skillFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return skillFiles(full);
    return entry.isFile() && entry.name === "SKILL.md" ? [full] : [];
  });
}
