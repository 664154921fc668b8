import { describe, expect, it } from "vitest";
import { buildSkillTable, renderSkillsSection } from "../../src/fragments/skills-section.js";
import { makeSkill } from "../compile/make-turn-context.js";

const roots = [
  { path: "/home/.codex/skills/.system", scope: "system" as const },
  { path: "/repo/.codex/skills", scope: "repo" as const },
  { path: "/repo/.agents/skills", scope: "repo" as const },
];

describe("buildSkillTable", () => {
  it("labels roots that hold listed skills and gives root-relative files", () => {
    const skills = [
      makeSkill("imagegen", { path: "/home/.codex/skills/.system/imagegen/SKILL.md", rootIndex: 0, scope: "system" }),
      makeSkill("beta", { path: "/repo/.agents/skills/beta/SKILL.md", rootIndex: 2, description: "has <b> & more" }),
      makeSkill("hidden", {
        path: "/repo/.codex/skills/hidden/SKILL.md",
        rootIndex: 1,
        allowImplicitInvocation: false,
      }),
    ];
    expect(buildSkillTable({ roots, skills })).toEqual({
      roots: [
        { label: "r0", path: "/home/.codex/skills/.system" },
        { label: "r1", path: "/repo/.agents/skills" },
      ],
      lines: [
        { name: "imagegen", description: "imagegen description", file: "r0/imagegen/SKILL.md" },
        { name: "beta", description: "has <b> & more", file: "r1/beta/SKILL.md" },
      ],
    });
  });
});

describe("renderSkillsSection", () => {
  it("lays out heading, preamble, roots and skills as 0.171.0 does (descriptions unescaped)", () => {
    const text = renderSkillsSection("PREAMBLE", {
      roots: [{ label: "r0", path: "/a" }],
      lines: [{ name: "x", description: "d <b> &", file: "r0/x/SKILL.md" }],
    });
    expect(text).toBe(
      "<skills_instructions>\n## Skills\nPREAMBLE\n### Skill roots\n- `r0` = `/a`\n### Available skills\n- x: d <b> & (file: r0/x/SKILL.md)\n</skills_instructions>",
    );
  });
});
