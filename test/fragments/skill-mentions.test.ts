import { describe, expect, it } from "vitest";
import { collectExplicitSkillMentions, extractToolMentions } from "../../src/fragments/skill-mentions.js";
import { makeSkill } from "../compile/make-turn-context.js";

describe("extractToolMentions", () => {
  const cases: [string, { names: string[]; paths: string[] }][] = [
    ["use $alpha and [$beta](/tmp/beta)", { names: ["alpha", "beta"], paths: ["/tmp/beta"] }],
    ["use $PATH and $alpha", { names: ["alpha"], paths: [] }],
    ["use [$HOME](/tmp/skill)", { names: [], paths: [] }],
    ["[beta](/tmp/beta)", { names: [], paths: [] }],
    ["[$beta] /tmp/beta", { names: ["beta"], paths: [] }],
    ["[$beta]()", { names: ["beta"], paths: [] }],
    ["use [$beta]   ( /tmp/beta )", { names: ["beta"], paths: ["/tmp/beta"] }],
    ["use $alpha.skill and $beta_extra", { names: ["alpha", "beta_extra"], paths: [] }],
    ["use $slack:search and $alpha", { names: ["slack:search", "alpha"], paths: [] }],
    ["[$x](app://a) [$y](skill:///s/SKILL.md)", { names: ["x", "y"], paths: ["/s/SKILL.md"] }],
  ];
  for (const [text, expected] of cases) {
    it(`finds ${JSON.stringify(expected)} in ${JSON.stringify(text)} (11.5 #57)`, () => {
      const m = extractToolMentions(text);
      expect({ names: m.names, paths: m.paths }).toEqual(expected);
    });
  }
  it("keeps linked names out of the plain names", () =>
    expect(extractToolMentions("[$a](/p) $b").plainNames).toEqual(["b"]));
});

describe("collectExplicitSkillMentions", () => {
  const alpha = makeSkill("alpha-skill", { path: "/tmp/alpha" });
  const beta = makeSkill("beta-skill", { path: "/tmp/beta" });
  const names = (r: { skills: { name: string; path: string }[] }) => r.skills.map((s) => s.path);

  it("follows the skill list order, not text order (11.5 #58)", () => {
    expect(
      names(collectExplicitSkillMentions({ texts: ["first $alpha-skill then $beta-skill"] }, [beta, alpha])),
    ).toEqual(["/tmp/beta", "/tmp/alpha"]);
  });
  it("puts structured inputs first (11.5 #58)", () => {
    expect(
      names(
        collectExplicitSkillMentions(
          { texts: ["$alpha-skill"], structured: [{ name: "beta-skill", path: "/tmp/beta" }] },
          [alpha, beta],
        ),
      ),
    ).toEqual(["/tmp/beta", "/tmp/alpha"]);
  });
  it("blocks the plain name of an unresolved structured input (11.5 #59)", () => {
    const r = collectExplicitSkillMentions(
      { texts: ["$alpha-skill"], structured: [{ name: "alpha-skill", path: "/tmp/missing" }] },
      [alpha],
    );
    expect(names(r)).toEqual([]);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["skills/mention-unresolved"]);
  });
  it("blocks a disabled structured skill (11.5 #59)", () => {
    const disabled = { ...alpha, enabled: false };
    expect(
      names(
        collectExplicitSkillMentions(
          { texts: ["$alpha-skill"], structured: [{ name: "alpha-skill", path: "/tmp/alpha" }] },
          [disabled],
        ),
      ),
    ).toEqual([]);
  });
  const demoA = makeSkill("demo-skill", { path: "/tmp/alpha" });
  const demoB = makeSkill("demo-skill", { path: "/tmp/beta" });
  const cases: [string, Parameters<typeof collectExplicitSkillMentions>[0], (typeof alpha)[], string[]][] = [
    ["skips an ambiguous plain name", { texts: ["use $demo-skill"] }, [demoA, demoB], []],
    [
      "prefers a linked path over the name",
      { texts: ["use $demo-skill and [$demo-skill](/tmp/beta)"] },
      [demoA, demoB],
      ["/tmp/beta"],
    ],
    [
      "skips a plain name that is a connector slug",
      { texts: ["$alpha-skill"], connectorSlugs: ["alpha-skill"] },
      [alpha],
      [],
    ],
    [
      "allows a linked path despite a connector slug",
      { texts: ["[$alpha-skill](/tmp/alpha)"], connectorSlugs: ["alpha-skill"] },
      [alpha],
      ["/tmp/alpha"],
    ],
    ["has no name fallback for a missing linked path", { texts: ["[$demo-skill](/tmp/missing)"] }, [demoA], []],
    [
      "dedupes a skill mentioned twice",
      { texts: ["$alpha-skill $alpha-skill [$alpha-skill](/tmp/alpha)"] },
      [alpha],
      ["/tmp/alpha"],
    ],
  ];
  for (const [name, input, skills, expected] of cases)
    it(`${name} (11.5 #60)`, () => expect(names(collectExplicitSkillMentions(input, skills))).toEqual(expected));
});
