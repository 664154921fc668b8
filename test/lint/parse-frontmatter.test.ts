// parseFrontmatter takes plain `key: value` blocks without the yaml package: its answer (data, key places and
// offsets, errors) must be the yaml path's on every SKILL.md and rule file of the corpus, fixtures/ and skills/,
// and on generated blocks near the edge of plain (quotes, reserved words, nesting, comments, CRLF, a BOM).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../../src/lint/parse-frontmatter.js";
import { buildTextIndex } from "../../src/lint/text-index.js";
import { seededRandom } from "../seeded-random.js";

const ROOT = join(import.meta.dirname, "..", "..");
const CORPUS = join(ROOT, "..", "shared", "corpus");

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : markdownFiles(full);
    return entry.isFile() && /\.(md|mdc)$/.test(entry.name) ? [full] : [];
  });
}

/** Both paths on one text; whether the text had a plain block (the yaml path found only string values, no error). */
function agrees(text: string): boolean {
  const index = buildTextIndex(text);
  const viaYaml = parseFrontmatter(text, index, { yaml: true });
  expect({ text, ...parseFrontmatter(text, index) }).toStrictEqual({ text, ...viaYaml });
  return viaYaml.closed && viaYaml.errors.length === 0 && viaYaml.keys.length > 0;
}

// `TRUE` and `Null` are keys yaml reads as "true" and "" (null).
const KEYS = [
  "name",
  "description",
  "globs",
  "alwaysApply",
  "metadata",
  "license",
  "x-y",
  "a1",
  "name",
  "TRUE",
  "Null",
];
const VALUES = [
  "demo",
  "Does a thing; well.",
  "true",
  "Yes",
  "null",
  "a: b",
  "x #c",
  "http://example.com/a",
  "it's fine",
  'say "hi"',
  "Äpfel und 😀",
  "tab\there",
  "trailing ",
  "ends:",
  "'quoted'",
  '"quoted"',
  "12",
  "- item",
  "[a, b]",
  "&anchor a",
  "*alias",
  "|",
  "",
];

describe("parseFrontmatter", () => {
  it("answers as the yaml path on every Markdown file of the corpus, fixtures/ and skills/", () => {
    const files = [
      ...markdownFiles(CORPUS),
      ...markdownFiles(join(ROOT, "fixtures")),
      ...markdownFiles(join(ROOT, "skills")),
    ];
    let plain = 0;
    for (const file of files) if (agrees(readFileSync(file, "utf8"))) plain++;
    expect(plain).toBeGreaterThan(5);
  });

  it("answers as the yaml path on generated blocks", () => {
    const next = seededRandom(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    let plain = 0;
    for (let i = 0; i < 3000; i++) {
      const lines: string[] = [];
      const n = 1 + Math.floor(next() * 4);
      for (let k = 0; k < n; k++) {
        const r = next();
        if (r < 0.08) lines.push("");
        else if (r < 0.14) lines.push(`${pick(KEYS)}:`, `  ${pick(KEYS)}: ${pick(VALUES)}`);
        else if (r < 0.17) lines.push(`# a comment`);
        else lines.push(`${pick(KEYS)}: ${pick(VALUES)}`);
      }
      const eol = next() < 0.1 ? "\r\n" : "\n";
      const bom = next() < 0.05 ? "\uFEFF" : "";
      const text = `${bom}---${eol}${lines.join(eol)}${eol}---${eol}# Body${eol}`;
      if (agrees(text)) plain++;
    }
    expect(plain).toBeGreaterThan(300);
  });
});
