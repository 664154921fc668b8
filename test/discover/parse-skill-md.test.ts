import { describe, expect, it } from "vitest";
import {
  collapseWhitespace,
  extractFrontmatter,
  parseSkillMd,
  parseSkillSidecar,
  sanitizeSingleLine,
} from "../../src/discover/parse-skill-md.js";
import { seededStrings } from "../tokens/tiktoken-reference.js";

const md = (front: string, body = "body\n") => `---\n${front}\n---\n${body}`;

describe("parseSkillMd", () => {
  it.each<[string, string, string, ReturnType<typeof parseSkillMd>]>([
    [
      "46 collapses a block description",
      md("name: demo-skill\ndescription: |\n  does things\n  carefully"),
      "demo",
      { ok: true, value: { name: "demo-skill", description: "does things carefully" } },
    ],
    [
      "47 falls back to the directory name",
      md("description: fallback name"),
      "directory-derived",
      { ok: true, value: { name: "directory-derived", description: "fallback name" } },
    ],
    [
      "49 reads metadata.short-description",
      md("name: s\ndescription: d\nmetadata:\n  short-description: short summary"),
      "s",
      { ok: true, value: { name: "s", description: "d", shortDescription: "short summary" } },
    ],
    [
      "49 loads a 1025-char short-description (0.171.0; the March source rejected it)",
      md(`name: s\ndescription: d\nmetadata:\n  short-description: ${"x".repeat(1025)}`),
      "s",
      { ok: true, value: { name: "s", description: "d", shortDescription: "x".repeat(1025) } },
    ],
    [
      "50 needs the closing ---",
      "---\nname: bad",
      "invalid",
      { ok: false, message: "missing YAML frontmatter delimited by ---" },
    ],
    [
      "63 rejects text without frontmatter",
      "not yaml",
      "broken",
      { ok: false, message: "missing YAML frontmatter delimited by ---" },
    ],
    [
      "rejects an empty frontmatter block",
      "---\n---\nbody",
      "x",
      { ok: false, message: "missing YAML frontmatter delimited by ---" },
    ],
    [
      "51 counts characters: 1024 × 💡 loads",
      md(`name: e\ndescription: ${"💡".repeat(1024)}`),
      "e",
      { ok: true, value: { name: "e", description: "💡".repeat(1024) } },
    ],
    [
      "51 loads 1025 × 💡 (0.171.0 lists it cut, see fit-skill-lines)",
      md(`name: e\ndescription: ${"💡".repeat(1025)}`),
      "e",
      { ok: true, value: { name: "e", description: "💡".repeat(1025) } },
    ],
    [
      "name longer than 64 chars",
      md(`name: ${"n".repeat(65)}\ndescription: d`),
      "x",
      { ok: false, message: "invalid name: exceeds maximum length of 64 characters" },
    ],
    ["description required", md("name: x"), "x", { ok: false, message: "missing field `description`" }],
    [
      "whitespace-only description is missing",
      md("name: x\ndescription: '  '"),
      "x",
      { ok: false, message: "missing field `description`" },
    ],
    [
      "first line may have trailing spaces and CRLF",
      "---  \r\nname: x\r\ndescription: d\r\n---\r\n",
      "x",
      { ok: true, value: { name: "x", description: "d" } },
    ],
    [
      "non-string name is invalid YAML for Codex",
      md("name: [a]\ndescription: d"),
      "x",
      { ok: false, message: "invalid YAML: name: invalid type: sequence, expected a string" },
    ],
    [
      "frontmatter that is a list",
      md("- a\n- b"),
      "x",
      { ok: false, message: "invalid YAML: invalid type: sequence, expected struct SkillFrontmatter" },
    ],
  ])("%s", (_name, text, dir, expected) => {
    expect(parseSkillMd(text, dir)).toEqual(expected);
  });

  it("reports broken YAML as invalid YAML", () => {
    const r = parseSkillMd(md("name: x\ndescription: 'unbalanced: quote"), "x");
    expect(r.ok ? "ok" : r.message.startsWith("invalid YAML: ")).toBe(true);
  });

  // Frontmatter that is not valid YAML, and what Codex 0.171.0 listed for it (`codex debug prompt-input`,
  // skills under $CODEX_HOME/skills): it retries with the values quoted. undefined: Codex skipped the skill.
  it.each<[string, string, { name: string; description: string } | undefined]>([
    [
      "colon in the description",
      "name: s1\ndescription: Plain: colon then text.",
      { name: "s1", description: "Plain: colon then text." },
    ],
    [
      "colon in the name",
      "name: s3: odd\ndescription: name has colon",
      { name: "s3: odd", description: "name has colon" },
    ],
    ["unclosed flow sequence", "name: s4\ndescription: [unclosed", { name: "s4", description: "[unclosed" }],
    ["unclosed flow sequence in the name", "name: [unclosed\ndescription: d", { name: "[unclosed", description: "d" }],
    ["two colons", "name: s8\ndescription: a: b: c", { name: "s8", description: "a: b: c" }],
    ["comment cut after the retry", 'name: "t1"\ndescription: a: b # c', { name: "t1", description: "a: b" }],
    ["blanks trimmed", "name: t2\ndescription:   x: y   ", { name: "t2", description: "x: y" }],
    ["quotes inside are kept", 'name: t3\ndescription: x: "y"', { name: "t3", description: 'x: "y"' }],
    [
      "nested metadata lines are quoted too",
      "name: ue\ndescription: x: y\nmetadata:\n  short-description: a: b",
      { name: "ue", description: "x: y" },
    ],
    ["backslashes kept", 'name: t7\ndescription: x\\\\y: z \\"q\\"', { name: "t7", description: 'x\\\\y: z \\"q\\"' }],
    ["a comment line", "name: t6\ndescription: x: y\n# comment line", { name: "t6", description: "x: y" }],
    ["comment in the name", "name: t9 # c\ndescription: x: y", { name: "t9", description: "x: y" }],
    [
      "a block scalar is left alone",
      "name: u1\ndescription: x: y\nother: |\n  block",
      { name: "u1", description: "x: y" },
    ],
    ["{ * ! % @ - and digits are quoted", "name: u2\ndescription: {x: y", { name: "u2", description: "{x: y" }],
    ["alias star", "name: u3\ndescription: *alias: x", { name: "u3", description: "*alias: x" }],
    ["tag", "name: v2\ndescription: !tag x: y", { name: "v2", description: "!tag x: y" }],
    ["percent", "name: v7\ndescription: %x: y", { name: "v7", description: "%x: y" }],
    ["digits", "name: uh\ndescription: 42: y", { name: "uh", description: "42: y" }],
    ["dash", "name: ui\ndescription: - x: y", { name: "ui", description: "- x: y" }],
    ["# without a blank before it is text", "name: uc\ndescription: x: y#z", { name: "uc", description: "x: y#z" }],
    ["tab before #", "name: v6\ndescription: x: y\t# tabc", { name: "v6", description: "x: y" }],
    ["a quoted value stays quoted", 'name: v4\ndescription: "x"\nbad: a: b', { name: "v4", description: "x" }],
    ["value starting with a quote: skipped", "name: t5\ndescription: 'x: y", undefined],
    ["quoted key-like value: skipped", 'name: t8\ndescription: "x": y', undefined],
    ["anchor: skipped", "name: &a u4: x\ndescription: d", undefined],
    ["an indented continuation: skipped", "name: s6\ndescription: one\n  continued: line", undefined],
    ["a sequence line: skipped", "name: u8\ndescription: x: y\n- item", undefined],
    ["no blank after the first colon: no description", "name: uf\ndescription:x: y", undefined],
    ["an indented key: skipped", "name: ug\n  description: x: y", undefined],
  ])("not YAML, as Codex 0.171.0 reads it: %s", (_name, front, expected) => {
    const r = parseSkillMd(md(front), "dir");
    // The prompt shows name and description only, so that is what the probes measured.
    expect(r.ok ? { name: r.value.name, description: r.value.description } : undefined).toEqual(expected);
  });

  it("stops a YAML alias bomb instead of expanding it", () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(",")}]`,
      );
    const r = parseSkillMd(md(`name: bomb\ndescription: d\n${levels.join("\n")}`), "x");
    expect(r.ok ? "expanded" : r.message).toMatch(/^invalid YAML: .*alias/i);
  });
});

describe("extractFrontmatter", () => {
  it("returns the lines between the delimiters", () => {
    expect(extractFrontmatter("---\na: 1\nb: 2\n---\nrest\n---\n")).toBe("a: 1\nb: 2");
  });
});

describe("sanitizeSingleLine", () => {
  it("collapses whitespace runs, newlines included, and trims", () => {
    expect(sanitizeSingleLine("  a\n\t b  \u3000c ")).toBe("a b c");
  });

  it("equals the character loop on generated text (single-spaced ASCII takes a shortcut)", () => {
    const texts = seededStrings(
      3,
      20_000,
      [
        "a",
        "Z",
        "~",
        "!",
        " ",
        "  ",
        "\t",
        "\n",
        "\r",
        "\u0085",
        "\u00a0",
        "\u3000",
        "\ufeff",
        "é",
        "💡",
        "\x7f",
        "\x00",
        "word",
      ],
      8,
    );
    expect(texts.filter((t) => sanitizeSingleLine(t) !== collapseWhitespace(t))).toEqual([]);
  });
});

describe("parseSkillSidecar", () => {
  it.each<[string, ReturnType<typeof parseSkillSidecar>]>([
    ["policy:\n  allow_implicit_invocation: false\n", { allowImplicitInvocation: false, warnings: [] }],
    ["interface:\n  display_name: X\n", { allowImplicitInvocation: true, warnings: [] }],
    [
      "policy:\n  allow_implicit_invocation: maybe\n",
      { allowImplicitInvocation: true, warnings: ["policy.allow_implicit_invocation: expected a boolean"] },
    ],
    ["", { allowImplicitInvocation: true, warnings: [] }],
  ])("%j", (text, expected) => {
    expect(parseSkillSidecar(text)).toEqual(expected);
  });
});
