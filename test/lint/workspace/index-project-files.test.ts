// listProjectFiles must list what fast-glob's `**/*` walk listed, in its order (PROJECT_FILES_MAX keeps the first
// ones): compared on a tree on disk with dot files, line breaks in names, symlinks, node_modules and .git as
// folders and as files, and a chain deeper than 16 levels.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { listProjectFiles } from "../../../src/lint/workspace/index-project-files.js";
import { createNodeHost } from "../../../src/host/node-host.js";
import { useScratchDir } from "../../scratch-dir.js";

const scratch = useScratchDir("promptc-index-project-files-");

function write(root: string, path: string, text = "x\n"): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("listProjectFiles", () => {
  it("lists what fast-glob's `**/*` walk lists, in its order", () => {
    const root = join(scratch, "tree");
    const names = ["a", "B", ".hidden", "z z", "x\ny", "\nlead", "r\rr", "\u2028p", "q\u2029", "node_modules", ".git"];
    for (const d of names)
      for (const f of names) {
        write(root, `${d}/${f}.md`);
        write(root, `src/${d}/${f}`);
      }
    for (const f of names) write(root, `top/${f}`);
    write(root, "node_modules/inner");
    write(root, ".git/inner");
    write(root, "pkg/.git", "gitdir: elsewhere\n");
    write(root, "pkg/node_modules", "not a folder\n");
    write(root, "x\ny/node_modules/deep.md");
    let deep = "chain";
    for (let i = 0; i < 20; i++) {
      write(root, `${deep}/level-${i}.md`);
      deep += `/d${i}`;
    }
    symlinkSync(join(root, "src"), join(root, "src-link"));
    symlinkSync(join(root, "a", "a.md"), join(root, "a-link.md"));
    symlinkSync(join(root, "missing"), join(root, "dangling"));
    const expected = fg.sync(["**/*"], {
      cwd: root,
      dot: true,
      ignore: ["**/node_modules/**", "**/.git/**"],
      onlyFiles: true,
      followSymbolicLinks: false,
      suppressErrors: true,
      deep: 16,
    });
    expect(expected.length).toBeGreaterThan(60);
    expect(listProjectFiles(createNodeHost(), root)).toEqual(expected);
  });

  it("lists nothing for a root that is not there", () => {
    expect(listProjectFiles(createNodeHost(), join(scratch, "missing"))).toEqual([]);
  });
});
