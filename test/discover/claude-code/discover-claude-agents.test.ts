import { describe, expect, it } from "vitest";
import { claudeCodeDataParts } from "../../../src/capture/claude-code/claude-code-data-parts.js";
import { discoverClaudeAgents } from "../../../src/discover/claude-code/discover-claude-agents.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { renderAgentTypes } from "../../../src/profiles/claude-code/build-claude-code-request.js";

describe("discoverClaudeAgents", () => {
  it("reads the user's, then the cwd's and each ancestor's agents up to the git root, named ones only", () => {
    const host = createMemoryHost({
      files: {
        "/h/.claude/agents/helper.md": "---\nname: helper\ndescription: a custom agent\n---\nYou help.\n",
        "/w/.claude/agents/above.md": "---\nname: above\ndescription: above the git root\n---\n",
        "/w/r/.claude/agents/zeta.md": "---\nname: zeta-agent\ndescription: Project <x>\ntools: Read, Grep\n---\n",
        "/w/r/.claude/agents/noname.md": "---\ndescription: no name\n---\n",
        "/w/r/sub/.claude/agents/s.md": "---\nname: subagent\ndescription: in the cwd\ntools: [Bash]\n---\n",
      },
    });
    expect(discoverClaudeAgents(host, { cwd: "/w/r/sub", home: "/h", gitRoot: "/w/r" })).toEqual([
      { name: "helper", description: "a custom agent", path: "/h/.claude/agents/helper.md" },
      { name: "subagent", description: "in the cwd", tools: ["Bash"], path: "/w/r/sub/.claude/agents/s.md" },
      { name: "zeta-agent", description: "Project <x>", tools: ["Read", "Grep"], path: "/w/r/.claude/agents/zeta.md" },
    ]);
  });
});

describe("renderAgentTypes", () => {
  // As Claude Code 2.1.332 sent them: sorted with the built-in types, a same-named one replacing a built-in.
  it("sorts custom agents in among the built-in ones, case-insensitively, and lets one replace a built-in", () => {
    const text = renderAgentTypes(
      [
        { name: "alpha", description: "multi\nline\n" },
        { name: "Explore", description: "overrides the built-in" },
        { name: "zeta-agent", description: "Project <x>", tools: ["Read", "Grep"] },
      ],
      { claude: "c (Tools: *)" },
    );
    expect(text.split("\n- ").map((l) => l.split(":")[0])).toEqual([
      "- alpha",
      "claude",
      "Explore",
      "general-purpose",
      "Plan",
      "statusline-setup",
      "zeta-agent",
    ]);
    expect(text).toContain(
      "- alpha: multi\nline\n (Tools: All tools)\n- claude: c (Tools: *)\n- Explore: overrides the built-in (Tools: All tools)",
    );
    const body = { messages: [{}, { role: "system", content: [{ type: "text", text: `x\n${text}\n\ny` }] }] };
    expect(claudeCodeDataParts(body).customAgents).toEqual([
      "- alpha: multi\nline\n (Tools: All tools)",
      "- zeta-agent: Project <x> (Tools: Read, Grep)",
    ]);
  });
});
