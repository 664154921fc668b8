import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFoldedFrontmatter } from "../../src/model/parse-folded-frontmatter.js";
import { agreementWith, plainAnswer, skillFiles } from "./yaml-agreement.js";
import { seededRandom } from "../seeded-random.js";

// The fold may only answer when its answer is the yaml package's: every case compares the two on the same block.
const ROOT = join(import.meta.dirname, "..", "..");

const agrees = agreementWith(parseFoldedFrontmatter);
const viaFold = (block: string): unknown => plainAnswer(parseFoldedFrontmatter, block);

describe("parseFoldedFrontmatter", () => {
  it.each<[string, string, unknown]>([
    [
      "a description on the lines below its key (Gemini CLI's built-in skills)",
      "name: skill-creator\ndescription:\n  Guide for creating effective skills. This skill should be used when users want\n  to create a new skill (or update an existing skill) that extends Gemini CLI's\n  capabilities.",
      {
        name: "skill-creator",
        description:
          "Guide for creating effective skills. This skill should be used when users want to create a new skill (or update an existing skill) that extends Gemini CLI's capabilities.",
      },
    ],
    [
      "a value going on below its key line",
      "description: first\n  second\nname: x",
      { description: "first second", name: "x" },
    ],
    ["plain lines only", "name: a\ndescription: b", { name: "a", description: "b" }],
    ["a nested mapping stays one", "metadata:\n  short-description: s", { metadata: { "short-description": "s" } }],
    ["an empty line inside the value", "description:\n  a\n\n  b", undefined],
    ["an empty line after the value", "description:\n  a\n\nname: x", { description: "a", name: "x" }],
    ["a deeper continuation", "description:\n  a\n    b", undefined],
    ["a continuation after a nested line", "metadata:\n  a: b\n  more", undefined],
    ["a lone boolean word", "description:\n  true", undefined],
    ["a comment on a continuation", "description:\n  a #b", undefined],
    ["a trailing space on a continuation", "description:\n  a \n  b", undefined],
    ["a colon at a continuation's end", "description:\n  a\n  b:", undefined],
    ["a nested key after a continuation", "description:\n  a\n  b: c", undefined],
    ["a list item", "description:\n  a\n  - b", undefined],
    ["a block scalar", "description: >\n  a\n  b", undefined],
    ["a quoted start", 'description: "a\n  b"', undefined],
    ["a carriage return", "description:\r\n  a\r\n  b", undefined],
    ["a tab", "description:\n  a\tb\n  c", undefined],
  ])("%s", (_name, block, expected) => {
    expect(viaFold(block)).toEqual(expected);
    agrees(block);
  });

  it("equals yaml on every SKILL.md of fixtures/ and skills/", () => {
    for (const file of [...skillFiles(join(ROOT, "fixtures")), ...skillFiles(join(ROOT, "skills"))]) {
      const text = readFileSync(file, "utf8");
      const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      if (m !== null) agrees(m[1] as string);
    }
  });

  it("equals yaml on 50,000 generated blocks of keys and indented lines", () => {
    // Mostly plain words and single spaces, so many blocks stay foldable; now and then a piece that must decline.
    const plain = ["a", "Text", "word", "x:y", "C#", "é", "💡", "of-it", "(b)"];
    const tricky = ["true", "null", "12", "-", "?", "#c", "'", '"', "|", ">", "*x", "&a", ".", "..."];
    const seps = [" ", " ", " ", " ", " ", " ", " ", " ", "  ", ": ", " #", "\t", ":", ""];
    const keys = ["name", "description", "license", "metadata", "k", "Owner", "allowed-tools"];
    const indents = ["  ", "  ", "  ", "  ", "  ", "  ", "", " ", "   ", "    ", "\t"];
    const random = seededRandom(23);
    const next = (n: number): number => Math.floor(random() * n);
    const pick = <T>(list: readonly T[]): T => list[next(list.length)] as T;
    const phrase = (): string => {
      let s = "";
      const n = 1 + next(4);
      for (let i = 0; i < n; i++) s += (i > 0 ? pick(seps) : "") + (next(8) === 0 ? pick(tricky) : pick(plain));
      return s + (next(12) === 0 ? pick([" ", ":", "\r"]) : "");
    };
    let answered = 0;
    let folded = 0;
    for (let i = 0; i < 50_000; i++) {
      const lines: string[] = [];
      const entries = 1 + next(4);
      for (let e = 0; e < entries; e++) {
        const key = pick(keys);
        const shape = next(4);
        // `key: value`, `key:` with continuation lines, `key: value` with continuation lines, `key:` with nested keys.
        lines.push(shape === 0 || shape === 2 ? `${key}: ${phrase()}` : `${key}:${next(15) === 0 ? " " : ""}`);
        const below = shape === 0 ? (next(6) === 0 ? 1 : 0) : shape === 3 ? 1 + next(2) : 1 + next(3);
        for (let l = 0; l < below; l++) {
          if (next(15) === 0) lines.push("");
          lines.push(
            `${pick(indents)}${shape === 3 || next(12) === 0 ? `${pick(["k", "owner", "a"])}: ` : ""}${phrase()}`,
          );
        }
        if (next(10) === 0) lines.push("");
      }
      const block = lines.join("\n");
      if (agrees(block)) {
        answered++;
        if (block.includes("\n  ")) folded++;
      }
    }
    expect({ answered: answered > 1_500, folded: folded > 500 }).toEqual({ answered: true, folded: true });
  });
});
