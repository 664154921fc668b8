// Test helper: a complete TurnContext with small, fixed defaults; pass overrides for what a test cares about.
import type { SkillMetadata, TurnContext } from "../../src/model/turn-context.js";

export type TurnContextOverrides = Partial<Omit<TurnContext, "environment" | "permissions" | "userInput">> & {
  environment?: Partial<TurnContext["environment"]>;
  permissions?: Partial<TurnContext["permissions"]>;
  userInput?: Partial<TurnContext["userInput"]>;
};

export function makeTurnContext(overrides: TurnContextOverrides = {}): TurnContext {
  const { environment, permissions, userInput, ...rest } = overrides;
  return {
    model: "gpt-5.2-codex",
    sessionId: "00000000-0000-7000-8000-000000000000",
    userInstructions: { projectDocs: [], budgetBytes: 32 * 1024 },
    skills: { roots: [], skills: [] },
    ...rest,
    environment: { cwd: "/repo", shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC", ...environment },
    permissions: {
      sandbox: "read-only",
      approval: "never",
      networkAccess: false,
      configuredWritableRoots: [],
      tmpExists: true,
      approvedPrefixes: [],
      ...permissions,
    },
    userInput: { text: "hello", images: [], ...userInput },
  };
}

export function makeSkill(name: string, overrides: Partial<SkillMetadata> = {}): SkillMetadata {
  const path = overrides.path ?? `/repo/.agents/skills/${name}/SKILL.md`;
  return {
    name,
    description: `${name} description`,
    path,
    scope: "repo",
    rootIndex: 0,
    contents: `---\nname: ${name}\ndescription: ${name} description\n---\nBody of ${name}.\n`,
    enabled: true,
    allowImplicitInvocation: true,
    ...overrides,
  };
}
