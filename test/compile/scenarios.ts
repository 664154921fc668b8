// Test scenarios: TurnContexts built directly (no disk), one per snapshot under snapshots/compile/.
import type { TurnContext } from "../../src/model/turn-context.js";
import { makeSkill, makeTurnContext } from "./make-turn-context.js";

export const SCENARIOS: { [name: string]: TurnContext } = {
  minimal: makeTurnContext(),
  "nested-agents-md": makeTurnContext({
    environment: { cwd: "/repo/pkg/sub" },
    userInstructions: {
      global: { path: "/home/u/.codex/AGENTS.md", text: "Global rules.", sizeBytes: 17 },
      projectDocs: [
        { path: "/repo/AGENTS.md", text: "Root doc line.\n", sizeBytes: 15, keptBytes: 15 },
        { path: "/repo/pkg/AGENTS.md", text: "Pkg doc.\n", sizeBytes: 9, keptBytes: 9 },
        { path: "/repo/pkg/sub/AGENTS.override.md", text: "Local override.", sizeBytes: 15, keptBytes: 15 },
      ],
      budgetBytes: 32768,
    },
  }),
  "skills-and-mention": makeTurnContext({
    developerInstructions: "Dev instr here.",
    skills: {
      roots: [
        { path: "/home/u/.codex/skills/.system", scope: "system" },
        { path: "/repo/.agents/skills", scope: "repo" },
      ],
      skills: [
        makeSkill("skill-creator", {
          path: "/home/u/.codex/skills/.system/skill-creator/SKILL.md",
          rootIndex: 0,
          scope: "system",
        }),
        makeSkill("beta-skill", { path: "/repo/.agents/skills/beta-skill/SKILL.md", rootIndex: 1 }),
      ],
    },
    userInput: { text: "hi $beta-skill" },
  }),
  "workspace-write-on-request": makeTurnContext({
    permissions: {
      sandbox: "workspace-write",
      approval: "on-request",
      configuredWritableRoots: ["/zz", "/aa"],
      tmpdir: "/var",
      approvedPrefixes: [["git", "pull"], ["ls"], ["b", "zz"]],
    },
  }),
  "danger-full-access-image": makeTurnContext({
    permissions: { sandbox: "danger-full-access", networkAccess: true },
    environment: { network: { allowedDomains: ["api.example.com"], deniedDomains: [] } },
    userInput: {
      text: "what is this?",
      localImages: [{ path: "/repo/img.png", url: "data:image/png;base64,iVBORw0KGgo=" }],
    },
  }),
};
