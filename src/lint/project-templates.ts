// Project templates: folders a CLI copies into each project it generates (`templates/next-app/`, a
// `create-x` package's `template/`). Their agent files are sent in the generated project, alone, not in this
// repository below its own AGENTS.md. Pure, over the LintFs.
import type { LintFs } from "./lint-project.js";

/** A folder name that says "copied out to make a project". */
const TEMPLATE_SEGMENT =
  /^(templates?|starters?|scaffolds?|boilerplates?|blueprints?)$|^(template|starter)[-_]|[-_](template|starter)s?$/i;

/**
 * What a generated project's root holds: its own manifest, or the `_gitignore`/`gitignore` a template ships
 * because npm drops `.gitignore` files from packages.
 */
const PROJECT_MARKERS = [
  "package.json",
  "pyproject.toml",
  "Cargo.toml",
  "go.mod",
  "deno.json",
  "_gitignore",
  "gitignore",
];

/**
 * The project template folder holding the file at project-relative `path` (the folder with a project marker
 * at or below a template-named folder, nearest the file), or undefined when the file is not in one.
 */
export function projectTemplateOf(path: string, fs: Pick<LintFs, "kind">): string | undefined {
  const parts = path.split("/").slice(0, -1);
  const named = parts.findIndex((p) => TEMPLATE_SEGMENT.test(p));
  if (named < 0) return undefined;
  for (let end = parts.length; end > named; end--) {
    const dir = parts.slice(0, end).join("/");
    if (PROJECT_MARKERS.some((m) => fs.kind(`${dir}/${m}`) === "file")) return dir;
  }
  return undefined;
}
