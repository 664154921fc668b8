import { describe, expect, it } from "vitest";
import { matchFragment, MEMORY_EXCLUDED_FRAGMENTS } from "../../src/fragments/markers.js";
import { renderAgentsMd } from "../../src/fragments/agents-md.js";
import { renderEnvironmentContext } from "../../src/fragments/environment-context.js";
import { renderSkillInjection } from "../../src/fragments/skill-injection.js";

describe("matchFragment", () => {
  const cases: [string, string, string | undefined][] = [
    [
      "environment context (11.4 #41)",
      "<environment_context>\n<cwd>/tmp</cwd>\n</environment_context>",
      "environment-context",
    ],
    [
      "AGENTS.md wrapper (11.4 #41)",
      "# AGENTS.md instructions for /tmp\n\n<INSTRUCTIONS>\nbody\n</INSTRUCTIONS>",
      "agents-md",
    ],
    ["regular text (11.4 #41)", "hello", undefined],
    [
      "subagent notification, case-insensitively (11.4 #42)",
      "<SUBAGENT_NOTIFICATION>{}</subagent_notification>",
      "subagent-notification",
    ],
    ["upper-case environment context", "<ENVIRONMENT_CONTEXT>cwd=/tmp</ENVIRONMENT_CONTEXT>", "environment-context"],
    ["a rendered AGENTS.md fragment", renderAgentsMd("/repo", "x"), "agents-md"],
    [
      "a rendered environment fragment",
      renderEnvironmentContext({ cwd: "/r", shell: "bash", filesystem: "<filesystem></filesystem>" }),
      "environment-context",
    ],
    ["a rendered skill injection", renderSkillInjection("demo", "/s/SKILL.md", "body"), "skill"],
    ["text with only the start marker", "<skill> and more", undefined],
    // Probed against 0.171.0's compaction (which user messages it keeps): these four are dropped as context…
    [
      "the AGENTS.md withdrawal (heading without a directory)",
      "# AGENTS.md instructions\n\n<INSTRUCTIONS>\nwithdrawn\n</INSTRUCTIONS>",
      "agents-md",
    ],
    ["any text between the AGENTS.md markers", "# AGENTS.md instructions are here\n</INSTRUCTIONS>", "agents-md"],
    [
      "AGENTS.md markers in another case",
      "# agents.md INSTRUCTIONS\n\n<INSTRUCTIONS>\nmine\n</instructions>",
      "agents-md",
    ],
    [
      "AGENTS.md markers inside surrounding whitespace",
      "  # AGENTS.md instructions for me\n</INSTRUCTIONS>  ",
      "agents-md",
    ],
    // …and these are kept as real user text.
    ["only the AGENTS.md end marker", "please read\n</INSTRUCTIONS>", undefined],
    ["a near-miss AGENTS.md heading", "# AGENTS.md instruction\n</INSTRUCTIONS>", undefined],
    ["the AGENTS.md heading alone", "# AGENTS.md instructions", undefined],
    ["text after the AGENTS.md end marker", "# AGENTS.md instructions\n</INSTRUCTIONS> tail", undefined],
  ];
  for (const [name, text, expected] of cases)
    it(`recognises ${name}`, () => expect(matchFragment(text)).toBe(expected));
});

describe("MEMORY_EXCLUDED_FRAGMENTS", () => {
  it("excludes AGENTS.md and skills but keeps environment and subagent notifications (11.4 #43)", () => {
    expect(
      ["agents-md", "skill", "environment-context", "subagent-notification"].map((id) =>
        MEMORY_EXCLUDED_FRAGMENTS.has(id as never),
      ),
    ).toEqual([true, true, false, false]);
  });
});
