import { describe, expect, it } from "vitest";
import { collapseWhitespace, extractFrontmatter, parseSkillMd, parseSkillSidecar, sanitizeSingleLine } from "../../src/discover/parse-skill-md.js";
import { seededStrings } from "../tokens/tiktoken-reference.js";

const md = (front: string, body = "body\n") => `---\n${front}\n---\n${body}`;

describe("parseSkillMd", () => {
  it.each<[string, string, string, ReturnType<typeof parseSkillMd>]>([
    ["46 collapses a block description", md("name: demo-skill\ndescription: |\n  does things\n  carefully"), "demo", { ok: true, value: { name: "demo-skill", description: "does things carefully" } }],
    ["47 falls back to the directory name", md("description: fallback name"), "directory-derived", { ok: true, value: { name: "directory-derived", description: "fallback name" } }],
    ["49 reads metadata.short-description", md("name: s\ndescription: d\nmetadata:\n  short-description: short summary"), "s", { ok: true, value: { name: "s", description: "d", shortDescription: "short summary" } }],
    [
      "49 loads a 1025-char short-description (0.171.0; the March source rejected it)",
      md(`name: s\ndescription: d\nmetadata:\n  short-description: ${"x".repeat(1025)}`),
      "s",
      { ok: true, value: { name: "s", description: "d", shortDescription: "x".repeat(1025) } },
    ],
    ["50 needs the closing ---", "---\nname: bad", "invalid", { ok: false, message: "missing YAML frontmatter delimited by ---" }],
    ["63 rejects text without frontmatter", "not yaml", "broken", { ok: false, message: "missing YAML frontmatter delimited by ---" }],
    ["rejects an empty frontmatter block", "---\n---\nbody", "x", { ok: false, message: "missing YAML frontmatter delimited by ---" }],
    ["51 counts characters: 1024 × 💡 loads", md(`name: e\ndescription: ${"💡".repeat(1024)}`), "e", { ok: true, value: { name: "e", description: "💡".repeat(1024) } }],
    ["51 loads 1025 × 💡 (0.171.0 lists it cut, see fit-skill-lines)", md(`name: e\ndescription: ${"💡".repeat(1025)}`), "e", { ok: true, value: { name: "e", description: "💡".repeat(1025) } }],
    ["name longer than 64 chars", md(`name: ${"n".repeat(65)}\ndescription: d`), "x", { ok: false, message: "invalid name: exceeds maximum length of 64 characters" }],
    ["description required", md("name: x"), "x", { ok: false, message: "missing field `description`" }],
    ["whitespace-only description is missing", md("name: x\ndescription: '  '"), "x", { ok: false, message: "missing field `description`" }],
    ["first line may have trailing spaces and CRLF", "---  \r\nname: x\r\ndescription: d\r\n---\r\n", "x", { ok: true, value: { name: "x", description: "d" } }],
    ["non-string name is invalid YAML for Codex", md("name: [a]\ndescription: d"), "x", { ok: false, message: "invalid YAML: name: invalid type: sequence, expected a string" }],
    ["frontmatter that is a list", md("- a\n- b"), "x", { ok: false, message: "invalid YAML: invalid type: sequence, expected struct SkillFrontmatter" }],
  ])("%s", (_name, text, dir, expected) => {
    expect(parseSkillMd(text, dir)).toEqual(expected);
  });

  it("reports broken YAML as invalid YAML", () => {
    const r = parseSkillMd(md("name: [unclosed\ndescription: d"), "x");
    expect(r.ok ? "ok" : r.message.startsWith("invalid YAML: ")).toBe(true);
  });

  it("stops a YAML alias bomb instead of expanding it", () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(",")}]`);
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
    const texts = seededStrings(3, 20_000, ["a", "Z", "~", "!", " ", "  ", "\t", "\n", "\r", "\u0085", "\u00a0", "\u3000", "\ufeff", "é", "💡", "\x7f", "\x00", "word"], 8);
    expect(texts.filter((t) => sanitizeSingleLine(t) !== collapseWhitespace(t))).toEqual([]);
  });
});

describe("parseSkillSidecar", () => {
  it.each<[string, ReturnType<typeof parseSkillSidecar>]>([
    ["policy:\n  allow_implicit_invocation: false\n", { allowImplicitInvocation: false, warnings: [] }],
    ["interface:\n  display_name: X\n", { allowImplicitInvocation: true, warnings: [] }],
    ["policy:\n  allow_implicit_invocation: maybe\n", { allowImplicitInvocation: true, warnings: ["policy.allow_implicit_invocation: expected a boolean"] }],
    ["", { allowImplicitInvocation: true, warnings: [] }],
  ])("%j", (text, expected) => {
    expect(parseSkillSidecar(text)).toEqual(expected);
  });
});
