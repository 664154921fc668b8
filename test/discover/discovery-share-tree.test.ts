// A DiscoveryShare changes what lint's launches read, never what they find: every folder of a tree with pi's
// shadowed files and skills, Gemini CLI's imports and files above the git root, Codex's spent budget and a nested
// repository gives the same loads through one share (visited in any order) as each launch on its own.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverHarnessLoads, harnessRefsOf } from "../../src/discover/agents/discover-harness-loads.js";
import { createDiscoveryShare } from "../../src/discover/agents/discovery-share.js";
import { createCachingHost } from "../../src/host/create-caching-host.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { PROFILE_LIST } from "../../src/profiles/index.js";
import { seededRandom } from "../seeded-random.js";

function write(root: string, files: { [path: string]: string }): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

const skill = (name: string, description = "Does a thing. Use when asked.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nDo it.\n`;

describe("discoverHarnessLoads with a DiscoveryShare", () => {
  let top: string;
  beforeEach(() => {
    top = mkdtempSync(join(tmpdir(), "promptc-share-"));
  });
  afterEach(() => rmSync(top, { recursive: true, force: true }));

  it("finds in every folder what a launch there finds alone", () => {
    const repo = join(top, "repo");
    const home = join(top, "home");
    mkdirSync(join(repo, ".git"), { recursive: true });
    write(top, { "GEMINI.md": "above the git root\n", "AGENTS.md": "above too\n" });
    write(home, { ".gemini/GEMINI.md": "global @./extra.md\n", ".gemini/extra.md": "extra\n" });
    write(repo, {
      "AGENTS.md": `# Root\n\n${"Run the tests. ".repeat(8)}\n`,
      "CLAUDE.md": "@AGENTS.md\n",
      "GEMINI.md": "root @./notes.md and @../outside.md\n",
      "notes.md": "notes @./missing.md\n",
      "a/AGENTS.md": "",
      "a/GEMINI.md": "a\n",
      "a/.agents/skills/one/SKILL.md": skill("one"),
      "a/.agents/skills/bad/SKILL.md": "---\nname: [unclosed\n---\n",
      "a/b/CLAUDE.md": "b only\n",
      "a/b/.agents/skills/one/SKILL.md": skill("one", "Shadows the other one. Use when asked."),
      "a/b/.codex/skills/two/SKILL.md": skill("two"),
      "a/b/c/AGENTS.md": `${"Long text that the small budget cuts. ".repeat(10)}\n`,
      "a/b/c/d/AGENTS.md": "dropped: the budget is spent\n",
      "a/b/c/d/GEMINI.md": "d @../../../notes.md\n",
      "a/b/c/d/nested/.git/HEAD": "ref: refs/heads/main\n",
      "a/b/c/d/nested/AGENTS.md": "a project of its own\n",
      "a/b/c/d/nested/deeper/GEMINI.md": "deeper\n",
      "e/.pi/skills/three/SKILL.md": skill("three"),
    });
    symlinkSync(join(repo, "nowhere.md"), join(repo, "a/b/AGENTS.override.md"));
    const dirs = ["", "a", "a/b", "a/b/c", "a/b/c/d", "a/b/c/d/nested", "a/b/c/d/nested/deeper", "e", "e/.pi"];
    const harnesses = harnessRefsOf(PROFILE_LIST);
    const options = (dir: string) => ({
      cwd: dir === "" ? repo : join(repo, dir),
      home,
      harnesses,
      codex: {
        codexHome: join(home, ".codex"),
        budgetBytes: 300,
        fallbackFilenames: ["CLAUDE.md"],
        projectRootMarkers: [".git"],
        adminSkillsRoot: null,
      },
    });
    const alone = new Map(
      dirs.map((d) => [d, discoverHarnessLoads(createCachingHost(createNodeHost({ env: {} })), options(d))]),
    );
    // The tree has what this test is about.
    const deep = alone.get("a/b/c/d") ?? [];
    const codex = deep.find((l) => l.harness === "codex");
    expect(codex?.dropped.map((d) => d.path)).toContain(join(repo, "a/b/c/d/AGENTS.md"));
    expect(deep.find((l) => l.harness === "gemini-cli")?.files.map((f) => f.kind)).toContain("import");
    expect(
      alone
        .get("a/b")
        ?.find((l) => l.harness === "pi")
        ?.files.map((f) => f.kind),
    ).toContain("skill");
    const random = seededRandom(23);
    const shuffled = [...dirs].sort(() => random() - 0.5);
    for (const order of [dirs, [...dirs].reverse(), shuffled]) {
      const host = createCachingHost(createNodeHost({ env: {} }));
      const share = createDiscoveryShare();
      for (const d of order) expect(discoverHarnessLoads(host, { ...options(d), share }), d).toEqual(alone.get(d));
    }
  });
});
