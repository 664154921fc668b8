import { describe, expect, it } from "vitest";
import { loadProse } from "../../src/discover/load-prose.js";
import { createMemoryHost } from "../../src/host/memory-host.js";

describe("loadProse", () => {
  it("returns the bundled prose when no user files are named", () => {
    const r = loadProse(createMemoryHost(), "codex");
    expect(r.diagnostics).toEqual([]);
    expect(r.value.entries["base-instructions"]?.origin).toBe("stand-in");
  });
});

describe("loadProse with user files", () => {
  const host = createMemoryHost({
    files: {
      "/p/skills-preamble.md": "MY PREAMBLE {not a template}",
      "/p/permissions-approval-never.hbs": "never {{x}}\n",
      "/p/unknown-thing.md": "?",
      "/p/tools.yaml": "exec_command:\n  description: mine\n",
      "/b.md": "MY BASE\n",
      "/empty.md": "  \n",
    },
  });

  it("overlays templates, texts, tools and base instructions as user-supplied", () => {
    const r = loadProse(host, "codex", { proseDir: "/p", baseInstructionsFile: "/b.md" });
    expect(r.value.entries["skills-preamble"]).toEqual({
      id: "skills-preamble",
      kind: "text",
      source: "MY PREAMBLE {not a template}",
      origin: "user-supplied",
      path: "/p/skills-preamble.md",
    });
    expect(r.value.entries["permissions-approval-never"]?.kind).toBe("template");
    expect(r.value.entries["base-instructions"]).toMatchObject({
      kind: "text",
      source: "MY BASE\n",
      origin: "user-supplied",
    });
    expect(r.value.tools["exec_command"]).toEqual({ description: "mine" });
    expect(r.value.toolsOrigin).toBe("user-supplied");
    expect(r.value.entries["permissions-approval-on-request"]?.origin).toBe("stand-in");
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["prose/unknown-id"]);
  });

  it("reports a missing directory and an empty base file", () => {
    const r = loadProse(host, "codex", { proseDir: "/nope", baseInstructionsFile: "/empty.md" });
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["prose/unreadable", "prose/empty"]);
    expect(r.value.entries["base-instructions"]?.origin).toBe("stand-in");
  });
});
