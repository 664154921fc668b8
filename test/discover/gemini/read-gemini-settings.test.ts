import { describe, expect, it } from "vitest";
import { readGeminiSettings } from "../../../src/discover/gemini/read-gemini-settings.js";
import { loadGeminiTurn } from "../../../src/discover/gemini/load-gemini-turn.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import type { Diagnostic } from "../../../src/model/diagnostic.js";

const user = JSON.stringify({ model: { name: "gemini-2.5-pro" }, general: { defaultApprovalMode: "auto_edit" } });
const workspace = JSON.stringify({ context: { fileName: "CONTEXT.md" }, general: { defaultApprovalMode: "plan" } });

function settings(files: { [path: string]: string }, env: { [k: string]: string } = {}) {
  const host = createMemoryHost({
    files: { "/h/.gemini/settings.json": user, "/w/x/.gemini/settings.json": workspace, ...files },
    env,
  });
  const diagnostics: Diagnostic[] = [];
  const s = readGeminiSettings(host, "/h", "/w/x", diagnostics);
  return { ...s, rules: diagnostics.map((d) => d.rule) };
}

describe("readGeminiSettings", () => {
  it("ignores the cwd's settings in a folder nobody trusted (--skip-trust alone, as measured)", () => {
    expect(settings({})).toEqual({
      fileNames: ["GEMINI.md"],
      model: "gemini-2.5-pro",
      approvalMode: "auto_edit",
      workspaceTrusted: false,
      rules: ["gemini/workspace-settings-untrusted"],
    });
  });

  it.each([
    ["GEMINI_CLI_TRUST_WORKSPACE=true", {}, { GEMINI_CLI_TRUST_WORKSPACE: "true" }],
    ["a TRUST_FOLDER entry above the cwd", { "/h/.gemini/trustedFolders.json": '{"/w":"TRUST_FOLDER"}' }, {}],
    ["a TRUST_PARENT entry", { "/h/.gemini/trustedFolders.json": '{"/w/x":"TRUST_PARENT"}' }, {}],
  ])("layers the cwd's settings over the user's when %s", (_name, files, env) => {
    expect(settings(files, env)).toMatchObject({
      fileNames: ["CONTEXT.md"],
      approvalMode: "plan",
      workspaceTrusted: true,
    });
  });

  it("does not take yolo from the settings (measured: only the flag turns it on)", () => {
    const s = settings({ "/h/.gemini/settings.json": JSON.stringify({ general: { defaultApprovalMode: "yolo" } }) });
    expect([s.approvalMode, s.rules]).toEqual([
      undefined,
      ["gemini/workspace-settings-untrusted", "gemini/settings-yolo-ignored"],
    ]);
  });

  it("lets the nearest trust rule win", () => {
    const files = { "/h/.gemini/trustedFolders.json": '{"/w":"TRUST_FOLDER","/w/x":"DO_NOT_TRUST"}' };
    expect(settings(files).workspaceTrusted).toBe(false);
  });
});

describe("loadGeminiTurn", () => {
  const load = (env: { [k: string]: string }, model?: string) =>
    loadGeminiTurn(createMemoryHost({ files: { "/w/f.txt": "x" }, env }), {
      cwd: "/w",
      home: "/h",
      date: "2026-12-01",
      platform: "linux",
      message: "hi",
      ...(model !== undefined ? { model } : {}),
    });

  it("writes the date in the locale Node takes from LC_ALL, LC_MESSAGES, then LANG (measured: de_DE)", () => {
    expect(load({ LANG: "de_DE.UTF-8" }).turn.longDate).toBe("Dienstag, 1. Dezember 2026");
    expect(load({ LANG: "de_DE.UTF-8", LC_ALL: "fr_FR.UTF-8" }).turn.longDate).toBe("mardi 1 décembre 2026");
    expect(load({ LANG: "C.UTF-8" }).turn.longDate).toBeUndefined();
    expect(load({ LANG: "en_US.UTF-8" }).turn.longDate).toBeUndefined();
  });

  it("says so when the model has no settings of Gemini CLI's own", () => {
    expect(load({}, "my-custom-model").diagnostics.map((d) => d.rule)).toContain("gemini/unknown-model");
    expect(load({}, "gemini-3.8-flash").diagnostics.map((d) => d.rule)).not.toContain("gemini/unknown-model");
  });
});
