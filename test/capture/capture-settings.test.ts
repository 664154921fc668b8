import { describe, expect, it } from "vitest";
import { captureSettings, unextractedProse } from "../../src/capture/capture-settings.js";

const body = (meta: object) =>
  JSON.stringify({ input: [], client_metadata: { "x-codex-turn-metadata": JSON.stringify(meta) } });

describe("captureSettings", () => {
  it("reads sandbox, model and exec's approval from the last regular turn, not from a compaction", () => {
    const inputs = [
      { file: "1", body: body({ request_kind: "turn", sandbox_mode: "read-only", model: "m1", turn_trigger: "exec" }) },
      { file: "2", body: body({ request_kind: "compaction", sandbox_mode: "danger-full-access", model: "m9" }) },
      {
        file: "3",
        body: body({ request_kind: "turn", sandbox_mode: "workspace-write", model: "m2", turn_trigger: "exec" }),
      },
    ];
    expect(captureSettings(inputs)).toEqual({
      sandbox: "workspace-write",
      model: "m2",
      approval: "never",
      approvalEvidence: expect.any(String),
    });
  });
  it("knows nothing from a body without turn metadata", () => {
    expect(
      captureSettings([
        { file: "x", body: "{}" },
        { file: "y", body: "not json" },
      ]),
    ).toEqual({});
  });
});

describe("unextractedProse", () => {
  it("names every prose id the captures left out, the layout's own texts included, and the missing tool list", () => {
    const missing = unextractedProse(
      { "base-instructions.md": "b", "skills-preamble.md": "s", "collaboration-mode.md": "c" },
      {
        model: "m",
        fields: [],
        toolPlacement: "input-item",
        developerExtras: ["collaboration-mode"],
        developerMessages: ["multi-agent-role"],
        skillsUsage: false,
      },
    );
    expect(missing).toContain("multi-agent-role");
    expect(missing).toContain("permissions-sandbox-read-only");
    expect(missing).toContain("compact-prompt");
    expect(missing).toContain("additional-tools.json");
    expect(missing).not.toContain("collaboration-mode");
    expect(missing).not.toContain("skills-usage");
    expect(missing).not.toContain("deferred-tools");
  });
});
