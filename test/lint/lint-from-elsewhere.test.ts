// `promptc lint DIR` finds the same defects whichever folder it is started from: a sibling folder, `/`, a
// folder inside the repository, with and without a `.git` marker; a clean repository exits 0 from anywhere.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";
import { resolveLintRoot } from "../../src/lint/workspace/resolve-lint-root.js";
import { lintCli } from "./run-lint-cli.js";

function write(root: string, files: { [path: string]: string }): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

/** A leaked AWS-style key, a zero-width space, and a nested AGENTS.md that Codex cuts (32 KiB chain budget). */
const PLANTED = {
  "AGENTS.md": "# App\n\nThe deploy key is AKIAIOSFODNN7EXAMPLQ.\n\nKeep the zero\u200bwidth space out.\n",
  "src/api/AGENTS.md": `# API\n\n${"Handlers validate input. ".repeat(1400)}\n`,
};
const WANTED = [
  ["AGENTS.md", "sec/secret"],
  ["AGENTS.md", "sec/invisible-unicode"],
  ["src/api/AGENTS.md", "ctx/codex-chain-bytes"],
];

async function findings(args: string[], cwd: string, app: string) {
  const r = await lintCli(["--no-config", ...args, "--format", "json"], cwd);
  const results = (JSON.parse(r.stdout) as { results: { filePath: string; messages: { ruleId: string }[] }[] }).results;
  return {
    code: r.code,
    // Shown from the cwd; compared as repository paths.
    found: results.flatMap((f) =>
      f.messages.map((m) => [relative(app, join(cwd, f.filePath)), m.ruleId] as [string, string]),
    ),
  };
}

describe("promptc lint DIR from another folder", () => {
  let base: string;
  let app: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), "promptc-lint-elsewhere-"));
    app = join(base, "code", "app");
    mkdirSync(join(base, "code", "tools"), { recursive: true });
    mkdirSync(join(app, ".git"), { recursive: true });
    write(app, PLANTED);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const from: [string, () => [string, string]][] = [
    ["the repository", () => [app, "."]],
    ["a sibling folder", () => [join(base, "code", "tools"), "../app"]],
    ["the filesystem root", () => ["/", app]],
    ["a folder inside the repository", () => [join(app, "src"), ".."]],
    ["the repository's parent", () => [join(base, "code"), "app"]],
  ];
  it.each(from)("finds every planted defect from %s", async (_, where) => {
    const [cwd, target] = where();
    const r = await findings([target], cwd, app);
    for (const want of WANTED) expect(r.found).toContainEqual(want);
    expect(r.code).toBe(1);
  });

  it("finds them from a sibling folder when the repository has no .git marker", async () => {
    rmSync(join(app, ".git"), { recursive: true });
    const r = await findings(["../app"], join(base, "code", "tools"), app);
    for (const want of WANTED) expect(r.found).toContainEqual(want);
  });

  it("shows paths from the folder it was started in", async () => {
    const r = await lintCli(["--no-config", "../app"], join(base, "code", "tools"));
    expect(r.stdout).toContain("../app/AGENTS.md\n");
    expect(r.stdout).toContain("../app/src/api/AGENTS.md\n");
  });

  it.each(from)("exits 0 on a clean repository from %s", async (_, where) => {
    write(app, { "AGENTS.md": "# App\n\nRun the tests before pushing.\n", "src/api/AGENTS.md": "# API\n\nSmall.\n" });
    const [cwd, target] = where();
    const r = await lintCli(["--no-config", target], cwd);
    expect(r.stdout).toContain("no problems in 2 files");
    expect(r.code).toBe(0);
  });
});

describe("resolveLintRoot", () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), "promptc-lint-root-"));
    mkdirSync(join(base, "repo", ".git"), { recursive: true });
    write(base, { "repo/src/AGENTS.md": "", "loose/a/AGENTS.md": "", "loose/b/AGENTS.md": "" });
    mkdirSync(join(base, "tools"));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const cases: [string, string, string[], string][] = [
    ["no paths: the cwd", "tools", [], "tools"],
    ["the cwd inside the repository, above the path", "repo", ["src"], "repo"],
    ["a sibling folder: the repository top", "tools", ["../repo/src"], "repo"],
    ["a folder below the path: the repository top", "repo/src", [".."], "repo"],
    ["above the repository: its top", "", ["repo/src/AGENTS.md"], "repo"],
    ["no repository, the cwd holds the paths", "loose", ["a", "b"], "loose"],
    ["no repository, from a sibling: the common folder", "tools", ["../loose/a", "../loose/b"], "loose"],
    ["a glob: its fixed folders", "tools", ["../repo/src/**/*.md"], "repo"],
  ];
  it.each(cases)("%s", (_, cwd, paths, want) => {
    const host = createNodeHost({ cwd: join(base, cwd), env: {} });
    expect(resolveLintRoot(host, join(base, cwd), paths)).toBe(join(base, want));
  });
});
