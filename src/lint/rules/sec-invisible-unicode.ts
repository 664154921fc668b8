// sec/invisible-unicode: zero-width, bidi-control and tag characters that hide text from reviewers. Pure.
import { defineRule } from "../define-rule.js";
import { SKILLSAW, TROJAN_SOURCE } from "../sources.js";

/** Zero-width and joiner characters, bidi controls, the BOM inside text, and the Unicode tag block (ASCII smuggling). */
const INVISIBLE =
  /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u206A-\u206F\uFEFF\u00AD\u180E]|\uDB40[\uDC00-\uDC7F]/g;

const PICTOGRAPH = /\p{Extended_Pictographic}|\uFE0F|\p{Emoji_Modifier}/u;

/** U+200D between two pictographs is part of an emoji sequence (🧑‍💻), not hidden text. */
function isEmojiJoiner(line: string, at: number, ch: string): boolean {
  if (ch !== "\u200D") return false;
  const before = [...line.slice(Math.max(0, at - 2), at)].pop() ?? "";
  const after = [...line.slice(at + 1, at + 3)][0] ?? "";
  return PICTOGRAPH.test(before) && PICTOGRAPH.test(after);
}

function describe(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  if (cp >= 0xe0000) return `${hex} (tag character)`;
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f)
    return `${hex} (bidirectional control)`;
  return `${hex} (invisible)`;
}

export const secInvisibleUnicode = defineRule({
  id: "sec/invisible-unicode",
  meta: {
    description: "no zero-width characters, bidirectional controls or Unicode tag characters",
    rationale:
      "These characters are invisible in editors and diffs but reach the model: tag characters can smuggle whole instructions (ASCII smuggling), bidi controls reorder what a reviewer sees (Trojan Source). The safe fix deletes them; a leading byte-order mark is allowed.",
    defaultSeverity: "error",
    basis: "community",
    sources: [TROJAN_SOURCE, SKILLSAW],
    fixable: "safe",
    messages: { invisible: "{{count}} invisible character(s) starting with {{first}}" },
  },
  check({ file, report }) {
    if (file.status.binary) return;
    const { lines, lineStarts } = file.index;
    lines.forEach((line, i) => {
      const hits = [...line.matchAll(INVISIBLE)].filter(
        (m) => !(i === 0 && m.index === 0 && m[0] === "\uFEFF") && !isEmojiJoiner(line, m.index, m[0]),
      );
      if (hits.length === 0) return;
      const first = hits[0]!;
      const start = (lineStarts[i] as number) + first.index;
      const last = hits[hits.length - 1]!;
      const end = (lineStarts[i] as number) + last.index + last[0].length;
      const fixed = file.text.slice(start, end).replace(INVISIBLE, "");
      report({
        messageId: "invisible",
        data: { count: hits.length, first: describe(first[0]) },
        place: { line: i + 1, column: first.index + 1 },
        fix: { start, end, text: fixed },
      });
    });
  },
});
