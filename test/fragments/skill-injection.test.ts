import { describe, expect, it } from "vitest";
import { buildSkillInjectionFragment, renderSkillInjection } from "../../src/fragments/skill-injection.js";
import { makeSkill } from "../compile/make-turn-context.js";

describe("renderSkillInjection", () => {
  it("wraps name, path and contents (11.5 #61)", () => {
    expect(renderSkillInjection("demo-skill", "skills/demo/SKILL.md", "body")).toBe(
      "<skill>\n<name>demo-skill</name>\n<path>skills/demo/SKILL.md</path>\nbody\n</skill>",
    );
  });
});

describe("buildSkillInjectionFragment", () => {
  it("sends the whole SKILL.md, frontmatter included, and records its bytes (11.5 #62)", () => {
    const s = makeSkill("demo", { path: "/s/demo/SKILL.md", contents: "---\nname: demo\n---\nskill body\n" });
    expect(buildSkillInjectionFragment(s)).toEqual({
      id: "skill-injection:demo",
      layer: "skill-injection",
      text: "<skill>\n<name>demo</name>\n<path>/s/demo/SKILL.md</path>\n---\nname: demo\n---\nskill body\n\n</skill>",
      sources: [{ path: "/s/demo/SKILL.md", bytesIn: 30, bytesKept: 30 }],
      templates: [],
      prose: "data",
      diagnostics: [],
    });
  });
});
