import { describe, expect, it } from "vitest";
import { discoverCopilot } from "../../../src/discover/agents/discover-copilot.js";
import { discoverCopilotInstructions } from "../../../src/discover/copilot/discover-copilot-instructions.js";
import { discoverCopilotSkills } from "../../../src/discover/copilot/discover-copilot-skills.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

const sk = (name: string, description = "d") => `---\nname: ${name}\ndescription: ${description}\n---\n`;

describe("discoverCopilotInstructions", () => {
  const host = createMemoryHost({
    files: {
      "/h/.copilot/copilot-instructions.md": "user\n",
      "/AGENTS.md": "above the root\n",
      "/r/.github/copilot-instructions.md": "gh\n",
      "/r/GEMINI.md": "gemini\n",
      "/r/AGENTS.md": "agents @docs/x.md\n",
      "/r/CLAUDE.md": "claude",
      "/r/docs/x.md": "X\n",
      "/r/a/CLAUDE.md": "a claude\n",
      "/r/a/.github/copilot-instructions.md": "a gh\n",
      "/r/a/b/AGENTS.md": "cwd\n",
      "/r/a/b/c/AGENTS.md": "below\n",
      "/r/.github/instructions/ts.instructions.md": '---\napplyTo: "src/**/*.ts, **/*.tsx"\ndescription: TS\n---\nts\n',
      "/r/.github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nall\n',
      "/r/.github/instructions/plain.instructions.md": "plain\n",
      "/r/.github/instructions/notes.md": "not a rule\n",
      "/r/a/.github/instructions/between.instructions.md": '---\napplyTo: "*.x"\n---\n',
      "/r/a/b/.github/instructions/cwd.instructions.md": '---\napplyTo: "*.go"\n---\n',
      "/r/a/b/.github/instructions/cwd-all.instructions.md": "everywhere, but not the root's\n",
    },
  });

  it("reads the user's file, the root's four names, then the folders from the cwd up, imports expanded", () => {
    const r = discoverCopilotInstructions(host, { cwd: "/r/a/b", copilotHome: "/h/.copilot", gitRoot: "/r" });
    expect(r.files.map((f) => [f.path, f.scope])).toEqual([
      ["/h/.copilot/copilot-instructions.md", "user"],
      ["/r/.github/copilot-instructions.md", "repository"],
      ["/r/AGENTS.md", "repository"],
      ["/r/CLAUDE.md", "repository"],
      ["/r/GEMINI.md", "repository"],
      ["/r/a/b/AGENTS.md", "nested"],
      ["/r/a/.github/copilot-instructions.md", "nested"],
      ["/r/a/CLAUDE.md", "nested"],
    ]);
    expect(r.files[2]?.text).toBe(
      'agents @docs/x.md\n\n<imported_custom_instruction source="/r/docs/x.md">\nX\n</imported_custom_instruction>\n',
    );
  });

  it("inlines the root's rules without a pattern and tables the root's and the cwd's others", () => {
    const r = discoverCopilotInstructions(host, { cwd: "/r/a/b", copilotHome: "/h/.copilot", gitRoot: "/r" });
    expect(r.inlined.map((f) => f.path)).toEqual([
      "/r/.github/instructions/all.instructions.md",
      "/r/.github/instructions/plain.instructions.md",
    ]);
    expect(r.rules).toEqual([
      {
        path: "/r/a/b/.github/instructions/cwd.instructions.md",
        displayPath: ".github/instructions/cwd.instructions.md",
        applyTo: ["*.go"],
        description: "",
      },
      {
        path: "/r/.github/instructions/ts.instructions.md",
        displayPath: ".github/instructions/ts.instructions.md",
        applyTo: ["src/**/*.ts", "**/*.tsx"],
        description: "TS",
      },
    ]);
  });

  it("outside git reads only the cwd (besides the user's file)", () => {
    const r = discoverCopilotInstructions(host, { cwd: "/r/a/b", copilotHome: "/h/.copilot" });
    expect(r.files.map((f) => f.path)).toEqual(["/h/.copilot/copilot-instructions.md", "/r/a/b/AGENTS.md"]);
  });
});

describe("discoverCopilotSkills", () => {
  const host = createMemoryHost({
    files: {
      "/r/.github/skills/zeta/SKILL.md": sk("zeta", "github zeta"),
      "/r/.github/skills/folder/SKILL.md": sk("olive"),
      "/r/.github/skills/no-desc/SKILL.md": "---\nname: no-desc\n---\n# Title\n\nfirst line\nsecond\n\nthird\n",
      "/r/.github/skills/bad/SKILL.md": "---\nname: [x\n---\n",
      "/r/.github/skills/plain/SKILL.md": "no frontmatter\n",
      "/r/.agents/skills/mango/SKILL.md": sk("mango"),
      "/r/.claude/skills/banana/SKILL.md": sk("banana"),
      "/r/.copilot/skills/nope/SKILL.md": sk("nope"),
      "/r/a/.agents/skills/zeta/SKILL.md": sk("zeta", "agents zeta"),
      "/r/a/.agents/skills/cherry/SKILL.md": sk("cherry"),
      "/above/.github/skills/above/SKILL.md": sk("above"),
      "/h/.copilot/skills/yam/SKILL.md": sk("yam"),
      "/h/.copilot/skills/beet/SKILL.md": sk("beet"),
      "/h/.agents/skills/acorn/SKILL.md": sk("acorn"),
      "/h/.claude/skills/nope2/SKILL.md": sk("nope2"),
    },
  });

  it("lists project skills by name, then each user root by name; .github wins a name; drops what Copilot drops", () => {
    const r = discoverCopilotSkills(host, { cwd: "/r/a/b", home: "/h", copilotHome: "/h/.copilot", gitRoot: "/r" });
    expect(r.skills.map((s) => [s.name, s.location])).toEqual([
      ["banana", "project"],
      ["cherry", "project"],
      ["mango", "project"],
      ["no-desc", "project"],
      ["olive", "project"],
      ["zeta", "project"],
      ["beet", "user"],
      ["yam", "user"],
      ["acorn", "user"],
    ]);
    expect(r.skills.find((s) => s.name === "zeta")?.description).toBe("github zeta");
    expect(r.skills.find((s) => s.name === "no-desc")?.description).toBe("first line second third");
    expect(r.dropped).toEqual([
      { path: "/r/.github/skills/bad/SKILL.md", reason: "frontmatter is not valid YAML" },
      { path: "/r/.github/skills/plain/SKILL.md", reason: "no frontmatter" },
      { path: "/r/a/.agents/skills/zeta/SKILL.md", reason: "a skill named zeta came first" },
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it("sorts each run of the cwd's own skills and of its ancestors' apart, in the order found", () => {
    const r = discoverCopilotSkills(host, { cwd: "/r/a", home: "/h", copilotHome: "/h/.copilot", gitRoot: "/r" });
    expect(r.skills.filter((s) => s.location === "project").map((s) => s.name)).toEqual([
      "no-desc",
      "olive",
      "zeta",
      "cherry",
      "banana",
      "mango",
    ]);
    expect(r.diagnostics).toEqual([]);
  });
});

describe("discoverCopilot", () => {
  it("flattens the same discovery for the agents table: files, imports, rules, skills and what is left out", () => {
    const host = createMemoryHost({
      env: {},
      files: {
        "/r/AGENTS.md": "@docs/x.md @gone.md\n",
        "/r/docs/x.md": "x\n",
        "/r/.github/instructions/go.instructions.md": '---\napplyTo: "*.go"\n---\n',
        "/r/.github/skills/s/SKILL.md": sk("s"),
      },
    });
    expect(discoverCopilot(host, { cwd: "/r", home: "/h", gitRoot: "/r" })).toEqual({
      files: ["/r/AGENTS.md"],
      skills: ["/r/.github/skills/s/SKILL.md"],
      imports: [{ path: "/r/docs/x.md", importedFrom: "/r/AGENTS.md" }],
      rules: ["/r/.github/instructions/go.instructions.md"],
      dropped: [{ path: "/r/gone.md", reason: "import target missing", importedFrom: "/r/AGENTS.md" }],
    });
  });
});
