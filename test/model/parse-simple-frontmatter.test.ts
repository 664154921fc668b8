import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSimpleFrontmatter } from "../../src/model/parse-simple-frontmatter.js";
import { extractFrontmatter } from "../../src/discover/parse-skill-md.js";
import { agreementWith, plainAnswer, skillFiles } from "./yaml-agreement.js";
import { seededRandom } from "../seeded-random.js";
import { skipBecause } from "../skip-because.js";

// The fast path is only allowed to answer when its answer is the yaml package's: every test here compares
// the two on the same block. (parseSkillMd itself uses the fast path, so its own tests cannot tell.)
const ROOT = join(import.meta.dirname, "..", "..");
const CORPUS = join(ROOT, "..", "shared", "corpus");

const agrees = agreementWith(parseSimpleFrontmatter);
const viaFastPath = (block: string): unknown => plainAnswer(parseSimpleFrontmatter, block);

describe("parseSimpleFrontmatter", () => {
  const files = [...skillFiles(CORPUS), ...skillFiles(join(ROOT, "fixtures")), ...skillFiles(join(ROOT, "skills"))];

  // Without the shared corpus the check still runs, on fixtures/ and skills/ only: say so.
  if (!existsSync(CORPUS))
    console.log(`parseSimpleFrontmatter: no corpus at ${CORPUS}; comparing on fixtures/ and skills/ only`);
  it.skipIf(
    skipBecause(
      "parseSimpleFrontmatter vs yaml",
      files.length === 0 ? "no SKILL.md found in the corpus, fixtures/ or skills/" : undefined,
    ),
  )("equals yaml on every SKILL.md of the corpus, fixtures and skills/, and answers many", () => {
    let answered = 0;
    let blocks = 0;
    for (const file of files) {
      const block = extractFrontmatter(readFileSync(file, "utf8"));
      if (block === undefined) continue;
      blocks++;
      if (agrees(block)) answered++;
    }
    // About half of real frontmatter is plain (the rest has metadata maps, quotes, block scalars);
    // if this drops, the fast path stopped paying for itself.
    expect(answered).toBeGreaterThan(blocks / 3);
  });

  it.each<[string, string, unknown]>([
    [
      "plain keys",
      "name: demo\ndescription: Does a thing; well.",
      { name: "demo", description: "Does a thing; well." },
    ],
    ["blank lines between keys", "name: a\n\ndescription: b", { name: "a", description: "b" }],
    [
      "inner punctuation",
      "description: C# and {braces}, [brackets] & a:b x#tag",
      { description: "C# and {braces}, [brackets] & a:b x#tag" },
    ],
    ["non-ASCII and astral text", "description: Für alle 💡 — ok", { description: "Für alle 💡 — ok" }],
    ["a quoted value", 'name: "x"', undefined],
    ["a block scalar", "description: |\n  text", undefined],
    [
      "a nested mapping",
      "name: a\nmetadata:\n  short-description: s\n  owner: t\ndescription: d",
      { name: "a", metadata: { "short-description": "s", owner: "t" }, description: "d" },
    ],
    ["metadata as a plain string", "metadata: foo", { metadata: "foo" }],
    ["an empty nested mapping", "metadata:\nname: a", undefined],
    ["a nested mapping at the end with nothing in it", "name: a\nmetadata:", undefined],
    ["a three-space indent", "metadata:\n   a: b", undefined],
    ["a nested line without an opener", "name: a\n  b: c", undefined],
    ["two levels of nesting", "metadata:\n  a:\n    b: c", undefined],
    ["a nested duplicate", "metadata:\n  a: b\n  a: c", undefined],
    ["a sequence", "tags:\n  - a", undefined],
    ["a boolean word", "name: true", undefined],
    ["a null word", "name: Null", undefined],
    // yaml reads these keys as the key "true", "false" and "" (a null key).
    ["an upper-case boolean key", "TRUE: a", undefined],
    ["a capitalised boolean key", "name: a\nFalse: b", undefined],
    ["a null key", "Null: a", undefined],
    ["a nested boolean key", "metadata:\n  True: a", undefined],
    ["a boolean key opening a mapping", "NULL:\n  a: b", undefined],
    ["a number", "name: 12", undefined],
    ["a comment", "name: a # note", undefined],
    ["a second colon", "description: a: b", undefined],
    ["a trailing colon", "description: a:", undefined],
    ["a trailing space", "name: a ", undefined],
    ["a tab", "name: a\tb", undefined],
    ["an alias", "name: *x", undefined],
    ["a duplicate key", "name: a\nname: b", undefined],
    ["an indented line", "name: a\n  more", undefined],
    ["an indented key line after a value", "name: a\n  x: y", undefined],
    ["a comment line", "# c\nname: a", undefined],
    ["a BOM inside", "name: a\uFEFFb", undefined],
    ["a lone surrogate", "name: a\uD800b", undefined],
    ["a line separator", "name: a\u2028b", undefined],
    ["a document end", "name: a\n...", undefined],
    ["nothing", "", undefined],
  ])("%s", (_name, block, expected) => {
    expect(viaFastPath(block)).toEqual(expected);
    agrees(block);
  });

  it("equals yaml on 50,000 generated blocks built from tricky pieces", () => {
    const keys = ["name", "description", "license", "metadata", "allowed-tools", "x_y", "Name", "a", "_k", "1k", "k k"];
    const pieces = [
      "a",
      "Z",
      " ",
      "  ",
      ":",
      ": ",
      "#",
      " #",
      "-",
      "?",
      "'",
      '"',
      "[",
      "]",
      "{",
      "}",
      ",",
      "&",
      "*",
      "!",
      "|",
      ">",
      "%",
      "@",
      "`",
      "\t",
      "\r",
      "\u00A0",
      "\u0085",
      "\u2028",
      "\uFEFF",
      "\u3000",
      "é",
      "💡",
      "\uD800",
      "0",
      "1.5",
      ".",
      "~",
      "true",
      "null",
      "yes",
      "No",
      "e3",
      "x",
      "\\",
      "/",
      "=",
      "<<",
    ];
    const random = seededRandom(42);
    const next = (n: number): number => Math.floor(random() * n);
    let answered = 0;
    let answeredNested = 0;
    for (let i = 0; i < 50_000; i++) {
      const lines: string[] = [];
      const lineCount = 1 + next(5);
      for (let l = 0; l < lineCount; l++) {
        let value = "";
        const parts = next(5);
        // Half the pieces are plain words, so many lines stay simple and the fast path gets real work.
        for (let p = 0; p < parts; p++)
          value += next(2) === 0 ? [" word", "Text", "-x", ".", " of"][next(5)] : pieces[next(pieces.length)];
        // Most generated values start with a letter, so the fast path gets real work.
        const lead = next(3) === 0 ? "" : "Ab"[next(2)];
        // After a `key:` opener, mostly the two-space indent of its nested lines.
        const opened = lines.length > 0 && /:$/.test(lines[lines.length - 1] ?? "");
        const indent = opened
          ? ["  ", "  ", "  ", "  ", "", " ", "   ", "\t"][next(8)]
          : ["", "", "", "", "", "  ", " ", "   ", "\t", "    "][next(10)];
        const shape = next(5);
        // Sometimes a bare `key:` (a nested mapping opener, or null), sometimes an empty line.
        lines.push(
          next(20) === 0
            ? ""
            : shape === 0
              ? `${indent}${keys[next(keys.length)]}:`
              : `${indent}${keys[next(keys.length)]}:${next(10) === 0 ? "" : " "}${lead}${value}`,
        );
      }
      const block = lines.join("\n");
      if (agrees(block)) {
        answered++;
      }
    }
    // Nested mappings built on purpose: an opener, then lines that are mostly (not always) well indented.
    for (let i = 0; i < 20_000; i++) {
      const lines = [`${["metadata", "meta", "Name", "x y"][next(4)]}:${["", "", "", " ", " x"][next(5)]}`];
      const nestedCount = next(4);
      for (let l = 0; l < nestedCount; l++) {
        const indent = ["  ", "  ", "  ", "  ", "", " ", "   ", "\t", "    "][next(9)];
        const value = next(3) === 0 ? pieces[next(pieces.length)] : ["Short text", "a b", "Text-x. of"][next(3)];
        lines.push(next(10) === 0 ? "" : `${indent}${["short-description", "owner", "k"][next(3)]}: ${value}`);
      }
      if (next(2) === 0)
        lines.push(`${["name", "description", "  name"][next(3)]}: ${["after", "Z#", "true"][next(3)]}`);
      const block = lines.join("\n");
      if (agrees(block) && Object.values(parseSimpleFrontmatter(block) ?? {}).some((v) => typeof v === "object"))
        answeredNested++;
    }
    expect({ answered: answered > 1_000, answeredNested: answeredNested > 1_000 }).toEqual({
      answered: true,
      answeredNested: true,
    });
  });
});
