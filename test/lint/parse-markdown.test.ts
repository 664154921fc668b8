// parseMarkdown's fences: where a fenced block opens and closes, including fences nested in list items.
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../src/lint/parse-markdown.js";
import { buildTextIndex } from "../../src/lint/text-index.js";

const fencesOf = (text: string) =>
  parseMarkdown(text, buildTextIndex(text)).fences.map((f) => [f.startLine, f.endLine ?? null]);

describe("parseMarkdown fences", () => {
  const cases: [string, string, (number | null)[][]][] = [
    ["a top-level fence", "a\n```sh\nls\n```\nb\n", [[2, 4]]],
    ["indented up to three spaces", "   ```\nx\n   ```\n", [[1, 3]]],
    ["nested under a list item", "- step:\n\n      ```ts\n      const x = 1\n      ```\n", [[3, 5]]],
    ["nested under an ordered item, closed less indented", "1. run\n   ```\n   npm t\n```\n", [[2, 4]]],
    ["four spaces outside a list is indented code, not a fence", "text\n\n    ```\n    x\n", []],
    ["a list ends at an unindented paragraph", "- a\n\ntext\n\n    ```\n", []],
    ["never closed", "```\nx\n", [[1, null]]],
    ["a closing fence indented past the opening's reach stays open", "```\nx\n    ```\n", [[1, null]]],
  ];
  for (const [name, text, want] of cases) it(name, () => expect(fencesOf(text)).toEqual(want));
});
