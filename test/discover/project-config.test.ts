// Trusted project `.codex/config.toml` layers, as pinned against Codex 0.171.0 with `codex debug prompt-input`
// (probes in the fix-projcfg report): which folders count, what "trusted" means, precedence, untrusted projects.
import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import { trustOf } from "../../src/discover/load-project-config.js";

const trusted = (path: string) => `[projects."${path}"]\ntrust_level = "trusted"\n`;
const untrusted = (path: string) => `[projects."${path}"]\ntrust_level = "untrusted"\n`;
const fallback = (name: string) => `project_doc_fallback_filenames = ["${name}"]\n`;

// /w is a git project; every folder from the root to the cwd /w/a/b has R.md, A.md and B.md; each layer names its own.
const tree: Record<string, string | { dir: true }> = {
  "/w/.git/HEAD": "ref: refs/heads/main\n",
  "/w/.codex/config.toml": fallback("R.md"),
  "/w/a/.codex/config.toml": fallback("A.md"),
  "/w/a/b/.codex/config.toml": fallback("B.md"),
  "/above.md": "x",
};
for (const dir of ["/w", "/w/a", "/w/a/b"])
  for (const f of ["R", "A", "B", "O"]) tree[`${dir}/${f}.md`] = `${f} in ${dir}`;

function turn(userConfig: string, files: Record<string, string | { dir: true }> = {}, cwd = "/w/a/b") {
  const host = createMemoryHost({
    cwd,
    home: "/h",
    files: { ...tree, "/h/.codex/config.toml": userConfig, ...files },
  });
  return loadTurnContext(host, { cwd });
}
const docs = (r: ReturnType<typeof turn>) => r.value?.userInstructions.projectDocs.map((d) => d.path);
const rules = (r: ReturnType<typeof turn>) => r.diagnostics.map((d) => d.rule);

describe("project .codex/config.toml layers", () => {
  it.each<[string, string, Record<string, string>, string[], "read-only" | "workspace-write"]>([
    // The deepest layer wins; a fallback name is then looked up in every folder root → cwd.
    [
      "the project root trusted: every layer root → cwd applies, cwd's last",
      trusted("/w"),
      {},
      ["B"],
      "workspace-write",
    ],
    [
      "an intermediate layer applies when the cwd has none",
      trusted("/w"),
      { "/w/a/b/.codex/config.toml": "" },
      ["A"],
      "workspace-write",
    ],
    ["no trust entry: every layer ignored", "", {}, [], "read-only"],
    ["only cwd trusted: its own layer applies, the root's not", trusted("/w/a/b"), {}, ["B"], "workspace-write"],
    [
      "only cwd trusted, cwd without a layer: the root's layer is not trusted through it",
      trusted("/w/a/b"),
      { "/w/a/b/.codex/config.toml": "" },
      [],
      "workspace-write",
    ],
    [
      "an intermediate folder trusted: its layer applies, cwd's not; cwd stays untrusted",
      trusted("/w/a"),
      {},
      ["A"],
      "read-only",
    ],
    ["a folder above the project root trusted: nothing", trusted("/"), {}, [], "read-only"],
  ])("%s", (_name, userConfig, files, layer, sandbox) => {
    const r = turn(userConfig, files);
    expect(docs(r)).toEqual(layer.flatMap((f) => ["/w", "/w/a", "/w/a/b"].map((d) => `${d}/${f}.md`)));
    expect(r.value?.permissions.sandbox).toBe(sandbox);
  });

  it("ignores a .codex folder above the project root", () => {
    const r = turn(
      trusted("/w"),
      { "/.codex/config.toml": fallback("above.md"), "/w/a/b/.codex/config.toml": "" },
      "/w/a/b",
    );
    expect(docs(r)).toEqual(["/w/A.md", "/w/a/A.md", "/w/a/b/A.md"]);
  });

  it("warns once per ignored layer of an untrusted project", () => {
    const r = turn("");
    expect(r.diagnostics.filter((d) => d.rule === "config/project-config-untrusted").map((d) => d.file)).toEqual([
      "/w/.codex/config.toml",
      "/w/a/.codex/config.toml",
      "/w/a/b/.codex/config.toml",
    ]);
    expect(turn(trusted("/w")).diagnostics.some((d) => d.rule === "config/project-config-untrusted")).toBe(false);
  });

  it("layers project values over the user config, and options over both", () => {
    const project =
      'project_doc_max_bytes = 5\nmodel = "gpt-5.5"\nsandbox_mode = "danger-full-access"\ndeveloper_instructions = "PROJ"\n';
    const user = `project_doc_max_bytes = 1000\nmodel = "gpt-5.2"\ndeveloper_instructions = "USER"\n${trusted("/w")}`;
    const files = { "/w/a/b/.codex/config.toml": project, "/w/a/b/AGENTS.md": "0123456789" };
    const r = turn(user, files);
    expect([
      r.value?.model,
      r.value?.developerInstructions,
      r.value?.permissions.sandbox,
      r.value?.userInstructions.budgetBytes,
      r.value?.userInstructions.projectDocs.map((d) => d.text),
      // a's layer still names A.md (cwd's sets no fallback): the root's A.md spends the 5 bytes.
    ]).toEqual(["gpt-5.5", "PROJ", "danger-full-access", 5, ["A in "]]);
    const host = createMemoryHost({
      cwd: "/w/a/b",
      home: "/h",
      files: { ...tree, ...files, "/h/.codex/config.toml": user },
    });
    const flags = loadTurnContext(host, { cwd: "/w/a/b", model: "m", sandbox: "read-only" });
    expect([flags.value?.model, flags.value?.permissions.sandbox]).toEqual(["m", "read-only"]);
  });

  it("resolves a layer's relative paths against its own .codex folder, and lets the project beat a --config-profile", () => {
    const layer = '[sandbox_workspace_write]\nwritable_roots = ["rel"]\n';
    const r = turn(trusted("/w"), { "/w/a/.codex/config.toml": layer });
    expect(r.value?.permissions.configuredWritableRoots).toEqual(["/w/a/.codex/rel"]);
    const host = createMemoryHost({
      cwd: "/w/a/b",
      home: "/h",
      files: { ...tree, "/h/.codex/config.toml": trusted("/w"), "/h/.codex/fast.config.toml": fallback("O.md") },
    });
    const profiled = loadTurnContext(host, { cwd: "/w/a/b", configProfile: "fast" });
    expect(profiled.value?.userInstructions.projectDocs.map((d) => d.path)).toEqual([
      "/w/B.md",
      "/w/a/B.md",
      "/w/a/b/B.md",
    ]);
  });

  it("does not read trust entries from a project config", () => {
    const r = turn("", { "/w/a/b/.codex/config.toml": `${fallback("B.md")}${trusted("/w")}` });
    expect(docs(r)).toEqual([]);
  });

  it.each<[string, string]>([
    ["cwd marked untrusted", untrusted("/w/a/b")],
    ["the project root marked untrusted", untrusted("/w")],
    ["cwd untrusted although the root is trusted", `${trusted("/w")}${untrusted("/w/a/b")}`],
  ])("%s: only the global AGENTS.md, a heading without a folder, workspace-write", (_name, userConfig) => {
    const r = turn(userConfig, { "/h/.codex/AGENTS.md": "global", "/w/AGENTS.md": "root doc" });
    expect([
      r.value?.userInstructions.global?.text,
      docs(r),
      r.value?.userInstructions.untrustedProject,
      r.value?.permissions.sandbox,
    ]).toEqual(["global", [], true, "workspace-write"]);
    expect(rules(r)).toContain("agents-md/untrusted");
  });

  // Measured with codex exec and prompt-input: .codex/skills and .agents/skills are listed with no trust entry,
  // trusted and untrusted alike; only the docs and the config layers follow trust.
  it.each<[string, string, boolean]>([
    ["no trust entry", "", false],
    ["trusted", trusted("/w"), false],
    ["untrusted", untrusted("/w"), true],
  ])("lists a project's skills whatever its trust (%s)", (_name, userConfig, noted) => {
    const skill = (n: string) => `---\nname: ${n}\ndescription: ${n} skill\n---\n`;
    const r = turn(userConfig, {
      "/w/.codex/skills/cx/SKILL.md": skill("cx"),
      "/w/.agents/skills/ag/SKILL.md": skill("ag"),
    });
    expect(r.value?.skills.skills.filter((s) => s.scope === "repo").map((s) => s.name)).toEqual(["ag", "cx"]);
    expect(rules(r).includes("skills/untrusted-project")).toBe(noted);
  });

  // Measured with prompt-input: a trusted `.fixture-root`-style root leaves its subfolders read-only, an untrusted
  // one still sends their project docs; its entry admits their config layers all the same.
  it.each<[string, string, string[], "read-only" | "workspace-write", boolean]>([
    ["a marker root trusted: layers apply, cwd keeps no trust", trusted("/m"), ["B"], "read-only", false],
    ["a marker root untrusted: cwd keeps no trust, its docs are sent", untrusted("/m"), [], "read-only", false],
  ])("%s", (_name, userConfig, layer, sandbox, untrustedProject) => {
    const files: Record<string, string | { dir: true }> = {
      "/h/.codex/config.toml": `project_root_markers = [".mk"]\n${userConfig}`,
      "/m/.mk": "",
      "/m/AGENTS.md": "root doc",
      "/m/a/b/.codex/config.toml": fallback("B.md"),
      "/m/a/b/B.md": "B",
    };
    const r = loadTurnContext(createMemoryHost({ cwd: "/m/a/b", home: "/h", files }), { cwd: "/m/a/b" });
    expect([
      r.value?.userInstructions.projectDocs.map((d) => d.path),
      r.value?.permissions.sandbox,
      r.value?.userInstructions.untrustedProject ?? false,
    ]).toEqual([layer.length > 0 ? ["/m/AGENTS.md", "/m/a/b/B.md"] : ["/m/AGENTS.md"], sandbox, untrustedProject]);
  });

  it.each<[string, { [path: string]: "trusted" | "untrusted" }, string, string | undefined, string | undefined]>([
    ["its own entry", { "/w/a": "trusted" }, "/w/a", "/w", "trusted"],
    ["the project root's entry", { "/w": "trusted" }, "/w/a", "/w", "trusted"],
    ["its own entry before the root's", { "/w": "trusted", "/w/a": "untrusted" }, "/w/a", "/w", "untrusted"],
    ["not another ancestor's", { "/w/a": "trusted" }, "/w/a/b", "/w", undefined],
    ["not the root's when there is no root", { "/w": "trusted" }, "/w/a", undefined, undefined],
  ])("trustOf: %s", (_name, trust, dir, root, expected) => {
    expect(trustOf(trust, dir, root)).toBe(expected);
  });
});
