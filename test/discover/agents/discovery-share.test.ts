import { describe, expect, it } from "vitest";
import { discoverHarnessLoads, harnessRefsOf } from "../../../src/discover/agents/discover-harness-loads.js";
import { createDiscoveryShare } from "../../../src/discover/agents/discovery-share.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { PROFILE_LIST } from "../../../src/profiles/index.js";

// A share only spares work: every launch of a run finds what it finds alone, whatever launched before it.
const skill = (name: string) => `---\nname: ${name}\ndescription: ${name} skill\n---\nbody\n`;
const files = {
  "/w/.git/HEAD": "ref: refs/heads/main\n",
  // Imports inside the root, inside one launch folder only, and outside the root.
  "/w/CLAUDE.md": "root\n@docs/a.md\n@sub/deep/x.md\n@../outside.md\n@missing.md\n",
  "/w/AGENTS.md": "root agents @docs/a.md\n",
  "/w/docs/a.md": "A\n",
  "/w/docs/AGENTS.md": "docs agents\n",
  "/outside.md": "outside\n",
  "/w/sub/CLAUDE.md": "@AGENTS.md\n",
  "/w/sub/AGENTS.md": "sub agents\n",
  "/w/sub/.claude/rules/r.md": "rule\n",
  "/w/sub/.claude/rules/scoped.md": "---\npaths: ['*.ts']\n---\nscoped\n",
  "/w/sub/.claude/skills/s1/SKILL.md": skill("s1"),
  "/w/.claude/skills/s1/SKILL.md": skill("s1"),
  "/w/.claude/commands/c.md": "a command\n",
  "/w/sub/deep/x.md": "X\n",
  "/w/sub/deep/AGENTS.md": "deep @../../docs/a.md\n",
  "/w/sub/deep/CLAUDE.local.md": "local @x.md\n",
  "/w/sub/deep/unreadable/CLAUDE.md": { file: "secret\n", unreadable: true },
  "/w/sub/deep/.github/copilot-instructions.md": "gh @../docs/a.md\n",
  "/w/.github/instructions/ts.instructions.md": '---\napplyTo: "**/*.ts"\n---\nts\n',
  "/w/.github/instructions/all.instructions.md": "all\n",
  "/w/sub/deep/.github/instructions/go.instructions.md": '---\napplyTo: "*.go"\n---\ngo\n',
  // Copilot sorts each run of skills from the cwd's own folders, and from its ancestors', by name.
  "/w/.agents/skills/k/SKILL.md": skill("k"),
  "/w/.agents/skills/a/SKILL.md": skill("a"),
  "/w/sub/.agents/skills/b/SKILL.md": skill("b"),
  "/w/sub/.github/skills/k/SKILL.md": skill("k"),
  "/w/sub/deep/.claude/skills/bad/SKILL.md": "no frontmatter\n",
  "/h/.claude/CLAUDE.md": "user\n",
  "/h/.copilot/copilot-instructions.md": "user copilot\n",
  // A second home that approves imports from outside the launch folder for the repository.
  "/h2/.claude.json": JSON.stringify({
    userID: "u",
    projects: { "/w": { hasClaudeMdExternalIncludesApproved: true } },
  }),
};
const folders = ["/w", "/w/docs", "/w/sub", "/w/sub/deep", "/w/sub/deep/unreadable"];
const harnesses = harnessRefsOf(PROFILE_LIST).filter(
  (h) => h.discovery.type === "claude-memory" || h.discovery.type === "copilot-instructions",
);
const codex = { codexHome: "/h/.codex", budgetBytes: 32768, fallbackFilenames: [], projectRootMarkers: [".git"] };

describe("a DiscoveryShare", () => {
  for (const home of ["/h", "/h2"])
    for (const [order, list] of [
      ["root first", folders],
      ["deepest first", [...folders].reverse()],
    ] as const)
      it(`gives each launch what it finds alone (Claude Code, Copilot; home ${home}, ${order})`, () => {
        const host = createMemoryHost({ files });
        const share = createDiscoveryShare();
        for (const cwd of list) {
          const alone = discoverHarnessLoads(createMemoryHost({ files }), { cwd, home, harnesses, codex });
          expect(discoverHarnessLoads(host, { cwd, home, harnesses, codex, share }), cwd).toEqual(alone);
        }
      });
});
