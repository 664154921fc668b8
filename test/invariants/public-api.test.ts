// The names the README promises from `promptc` and `promptc/node` exist and have the documented shapes.
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import * as node from "../../src/node.js";

describe("public API", () => {
  it.each(["compile", "createSession", "nextRequest", "commonPrefix", "simulateCache", "compactHistory", "matchFragment", "countTokens"])(
    "promptc exports %s",
    (name) => {
      expect(typeof (api as Record<string, unknown>)[name]).toBe("function");
    },
  );

  it.each(["createNodeHost", "loadTurnContext", "createMemoryHost"])("promptc/node exports %s", (name) => {
    expect(typeof (node as Record<string, unknown>)[name]).toBe("function");
  });

  it("runs the README's library example on a bundled workspace", () => {
    const host = node.createNodeHost({ cwd: new URL("../../fixtures/workspaces/basic", import.meta.url).pathname });
    const { value: turn, diagnostics } = node.loadTurnContext(host, { cwd: "packages/api", codexHome: ".codex-home", message: "fix the test" });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { request, bytes, manifest } = api.compile(turn!, { profile: "codex" });
    expect(JSON.parse(bytes)).toEqual(JSON.parse(JSON.stringify(request)));
    expect(manifest.fragments.map((f) => f.id)).toContain("agents-md");
  });
});
