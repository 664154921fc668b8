import { describe, expect, it } from "vitest";
import { labelContextSection } from "../../src/capture/label-context-section.js";

describe("labelContextSection", () => {
  it.each([
    ["<system-reminder>\n# claudeMd\nx\n</system-reminder>", { id: "system-reminder:claudeMd", layer: "agents-md" }],
    [
      "<system-reminder>\nintro\n# currentDate\nd\n# claudeMd\nx\n</system-reminder>\n\n",
      { id: "system-reminder:currentDate+claudeMd", layer: "environment" },
    ],
    ["<system-reminder>\n# unknownKey\nx\n</system-reminder>", { id: "system-reminder", layer: "extension" }],
    // Claude Code 2.1.332's reminder has no heading, only its `Contents of` entries.
    [
      "<system-reminder>\nintro\n\nContents of /w/CLAUDE.md (project instructions, checked into the codebase):\n\nx\n</system-reminder>",
      { id: "system-reminder:claudeMd", layer: "agents-md" },
    ],
    ["<system-reminder>never closed", undefined],
    ["plain text # claudeMd", undefined],
    ["<other>\n# claudeMd\n</other>", undefined],
  ])("labels %j", (text, label) => {
    expect(labelContextSection(text)).toEqual(label);
  });
});
