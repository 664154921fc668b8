import { describe, expect, it } from "vitest";
import { fitSkillLines, renderSkillLine, skillsBudget } from "../../src/fragments/fit-skill-lines.js";
import type { SkillLine } from "../../src/fragments/fit-skill-lines.js";

// Cases replay `codex debug prompt-input` runs of codex-cli 0.171.0 (/tmp/a2/probe-*, issue-2 audit). The cut
// depends only on lengths and list order, so the four system skills Codex installs are stood in for by lines
// with the same name, path and description lengths (their descriptions are Codex's prose: not copied here).
const line = (name: string, root: string, description: string, dir = name): SkillLine => ({
  name,
  description,
  file: `${root}/${dir}/SKILL.md`,
});
const system = (): SkillLine[] => [
  line("imagegen", "r0", "i".repeat(570)),
  line("openai-docs", "r0", "o".repeat(624)),
  line("skill-creator", "r0", "c".repeat(106)),
  line("skill-installer", "r0", "s".repeat(225)),
];
const words = "word ".repeat(300).slice(0, 1000).trimEnd();
const ks = (n: number): SkillLine[] =>
  Array.from({ length: n }, (_, i) => line(`k${String(i + 1).padStart(2, "0")}`, "r1", words));
const lengths = (lines: SkillLine[]) => lines.map((l) => `${l.name}:${Array.from(l.description).length}`);

describe("skillsBudget", () => {
  it("is 2% of the context window in tokens, or 8,000 characters when the window is unknown", () => {
    expect([skillsBudget(272_000), skillsBudget(100_000), skillsBudget(10), skillsBudget(undefined)]).toEqual([
      { unit: "tokens", limit: 5440 },
      { unit: "tokens", limit: 2000 },
      { unit: "tokens", limit: 1 },
      { unit: "chars", limit: 8000 },
    ]);
  });
});

describe("fitSkillLines", () => {
  it("keeps every line whole when they fit (15 skills of 999 characters, 272,000-token window)", () => {
    const lines = [...system(), ...ks(15)];
    expect(fitSkillLines(lines, skillsBudget(272_000))).toEqual({
      lines,
      capped: [],
      shortened: 0,
      charsCut: 0,
      omitted: [],
    });
  });

  it("shortens the long descriptions evenly, the first ones in list order a token longer (20 skills, observed)", () => {
    const r = fitSkillLines([...system(), ...ks(20)], skillsBudget(272_000));
    expect(lengths(r.lines)).toEqual([
      "imagegen:570",
      "openai-docs:624",
      "skill-creator:106",
      "skill-installer:225",
      ...ks(20).map((k, i) => `${k.name}:${i < 8 ? 972 : 968}`),
    ]);
    expect([r.shortened, r.charsCut, r.omitted]).toEqual([20, 20 * 999 - (8 * 972 + 12 * 968), []]);
  });

  it("lets short descriptions drop out so their share goes to the long ones (40 skills, observed)", () => {
    const r = fitSkillLines([...system(), ...ks(40)], skillsBudget(272_000));
    expect(lengths(r.lines)).toEqual([
      "imagegen:474",
      "openai-docs:476",
      "skill-creator:106",
      "skill-installer:225",
      ...ks(40).map((k, i) => `${k.name}:${i < 29 ? 476 : 472}`),
    ]);
  });

  it("scales with the context window (10 skills, model_context_window = 100,000, observed)", () => {
    const r = fitSkillLines([...system(), ...ks(10)], skillsBudget(100_000));
    expect(lengths(r.lines)).toEqual([
      "imagegen:570",
      "openai-docs:600",
      "skill-creator:106",
      "skill-installer:225",
      ...ks(10).map((k, i) => `${k.name}:${i < 4 ? 600 : 596}`),
    ]);
  });

  it("hands out characters, so a two-byte description costs twice the tokens per character (observed)", () => {
    const lines = [
      ...system(),
      ...ks(40),
      line("mid", "r1", "m".repeat(456)),
      line("odd3", "r1", "o".repeat(1000), "dd"),
      line("uni", "r1", "é".repeat(600)),
    ];
    const r = fitSkillLines(lines, skillsBudget(272_000));
    expect(lengths(r.lines)).toEqual([
      "imagegen:430",
      "openai-docs:432",
      "skill-creator:106",
      "skill-installer:225",
      ...ks(40).map((k, i) => `${k.name}:${i < 39 ? 432 : 428}`),
      "mid:428",
      "odd3:428",
      "uni:428",
    ]);
  });

  it("lists at most 1,024 characters of a description, the last three `...` (characters, not bytes; observed)", () => {
    const r = fitSkillLines(
      [
        line("bulb", "r1", "💡".repeat(1100)),
        line("x1025", "r1", "x".repeat(1025)),
        line("x1024", "r1", "x".repeat(1024)),
      ],
      skillsBudget(272_000),
    );
    expect([r.lines.map((l) => l.description), r.capped]).toEqual([
      ["💡".repeat(1021) + "...", "x".repeat(1021) + "...", "x".repeat(1024)],
      [
        { name: "bulb", chars: 1100 },
        { name: "x1025", chars: 1025 },
      ],
    ]);
  });

  it("lists bare lines while they fit and leaves the rest out when even those exceed the budget", () => {
    const lines = ks(5);
    const bare = `${renderSkillLine({ ...(lines[0] as SkillLine), description: "" })}\n`.length;
    const r = fitSkillLines(lines, { unit: "chars", limit: 3 * bare + 5 });
    expect([r.lines.map(renderSkillLine), r.omitted]).toEqual([
      ["- k01: (file: r1/k01/SKILL.md)", "- k02: (file: r1/k02/SKILL.md)", "- k03: (file: r1/k03/SKILL.md)"],
      ["k04", "k05"],
    ]);
  });
});
