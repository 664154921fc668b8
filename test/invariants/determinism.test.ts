// Invariant: compiling the same input twice gives identical bytes and manifests (per profile).
import { describe, expect, it } from "vitest";
import { compile } from "../../src/compile/compile.js";
import { makeSkill, makeTurnContext } from "../compile/make-turn-context.js";

const ctx = () =>
  makeTurnContext({
    developerInstructions: "Prefer small commits.",
    userInstructions: {
      global: { path: "/home/u/.codex/AGENTS.md", text: "Be brief.", sizeBytes: 10 },
      projectDocs: [{ path: "/repo/AGENTS.md", text: "Use pnpm.\n", sizeBytes: 10, keptBytes: 10 }],
      budgetBytes: 32768,
    },
    skills: {
      roots: [{ path: "/repo/.agents/skills", scope: "repo" }],
      skills: [makeSkill("alpha"), makeSkill("beta")],
    },
    permissions: { sandbox: "workspace-write", approval: "on-request", approvedPrefixes: [["git", "pull"], ["ls"]] },
    userInput: { text: "use $alpha", images: ["data:image/png;base64,AAAA"] },
  });

describe("compile", () => {
  for (const profile of ["codex", "promptc"] as const) {
    it(`gives identical bytes and manifest when compiled twice (${profile})`, () => {
      const a = compile(ctx(), { profile });
      const b = compile(ctx(), { profile });
      expect(a.bytes).toBe(b.bytes);
      expect(JSON.stringify(a.manifest)).toBe(JSON.stringify(b.manifest));
      expect(a.diagnostics).toEqual(b.diagnostics);
    });
  }

  it("changes the bytes when the session id changes (nothing ambient, only input)", () => {
    const a = compile(ctx(), { profile: "codex" });
    const b = compile({ ...ctx(), sessionId: "another" }, { profile: "codex" });
    expect(a.bytes).not.toBe(b.bytes);
  });
});
