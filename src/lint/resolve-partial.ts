// Where a `{{> name}}` partial may live: next to the template, then under the nearest `templates/` folder. Pure.
import { dirOf, joinPath } from "./lint-file.js";
import type { LintFs } from "./lint-project.js";

export function partialCandidates(templatePath: string, name: string): string[] {
  const dir = dirOf(templatePath);
  const out = [joinPath(dir, `${name}.hbs`)];
  const parts = dir.split("/");
  const at = parts.lastIndexOf("templates");
  if (at >= 0) {
    const root = parts.slice(0, at + 1).join("/");
    out.push(joinPath(root, `${name}.hbs`), joinPath(root, `partials/${name}.hbs`));
  }
  return [...new Set(out.filter((p): p is string => p !== undefined))];
}

/** The first candidate that is a file, or undefined when the partial does not resolve. */
export function resolvePartial(fs: LintFs, templatePath: string, name: string): string | undefined {
  return partialCandidates(templatePath, name).find((c) => fs.kind(c) === "file");
}
