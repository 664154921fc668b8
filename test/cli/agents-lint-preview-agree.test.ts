// `promptc agents --json`, `promptc preview --profile X --json` and lint's harness attribution agree: over
// fixture workspaces, for every harness, the same files in the same order, and the same drop diagnostics.
// Every file carries a unique marker, so what preview loaded is read back from the request body it prints.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { computeLintFacts } from "../../src/lint/workspace/compute-lint-facts.js";
import { discoverLintTargets } from "../../src/lint/workspace/discover-lint-targets.js";
import { readLintFile } from "../../src/lint/workspace/read-lint-file.js";
import { findProfile } from "../../src/profiles/index.js";

/** Harnesses `agents` lists, with the profile preview takes for each (copilot: none yet). */
const HARNESSES = ["codex", "claude-code", "gemini-cli", "pi", "copilot"] as const;
const skill = (name: string) => `---\nname: ${name}\ndescription: Use for ${name} work. MARK_${name}_END\n---\nBody.\n`;
const text = (id: string) => `Instructions MARK_${id}_END.\n`;

const HOME: { [path: string]: string } = {
  ".pi/agent/settings.json": JSON.stringify({ defaultProvider: "loop", defaultModel: "m1" }),
  ".pi/agent/models.json": JSON.stringify({
    providers: {
      loop: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-responses", models: [{ id: "m1", maxTokens: 4096 }] },
    },
  }),
  ".codex/config.toml": "",
};

interface Workspace {
  name: string;
  files: { [path: string]: string };
  /** Launch folders to compare, relative to the workspace. */
  cwds: string[];
  /** At least this many workspace files are loaded by some harness, per launch folder. */
  expectLoaded: { [cwd: string]: number };
  /** [harness, dropped path, its discovery diagnostic], per launch folder. */
  expectDropped?: { [cwd: string]: [string, string, string][] };
}

const WORKSPACES: Workspace[] = [
  {
    name: "every harness's files, nested, with imports and skills",
    files: {
      "AGENTS.md": text("root-agents"),
      "CLAUDE.md": `${text("root-claude")}@docs/rules.md\n`,
      "GEMINI.md": `${text("root-gemini")}@docs/style.md\n`,
      "docs/rules.md": text("docs-rules"),
      "docs/style.md": text("docs-style"),
      ".github/copilot-instructions.md": text("copilot"),
      "pkg/AGENTS.md": text("pkg-agents"),
      "pkg/CLAUDE.md": text("pkg-claude"),
      "pkg/GEMINI.md": text("pkg-gemini"),
      ".agents/skills/alpha/SKILL.md": skill("alpha"),
      ".claude/skills/beta/SKILL.md": skill("beta"),
      ".gemini/skills/gamma/SKILL.md": skill("gamma"),
      ".pi/skills/delta/SKILL.md": skill("delta"),
    },
    cwds: ["", "pkg"],
    expectLoaded: { "": 9, pkg: 10 },
    expectDropped: { "": [["claude-code", "AGENTS.md", "claude-md/agents-md-ignored"]] },
  },
  {
    name: "AGENTS.md only (Claude Code's fallback), a package that imports above itself",
    files: {
      "AGENTS.md": text("only-agents"),
      "pkg/AGENTS.md": text("pkg-only-agents"),
      "pkg/CLAUDE.md": `${text("pkg-claude-up")}@../shared.md\n`,
      "shared.md": text("shared"),
    },
    cwds: ["", "pkg"],
    expectLoaded: { "": 1, pkg: 3 },
    expectDropped: { pkg: [["claude-code", "shared.md", "claude-md/import-outside-cwd"]] },
  },
];

let top = "";
beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), "promptc-agree-")));
  const write = (path: string, body: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
  };
  for (const [p, t] of Object.entries(HOME)) write(join(top, "home", p), t);
  WORKSPACES.forEach((w, i) => {
    for (const [p, t] of Object.entries(w.files)) write(join(top, `w${i}`, p), t);
    // A real repository: preview's Claude Code and Gemini CLI turns ask git for the root, agents and lint the marker.
    execFileSync("git", ["init", "-q"], { cwd: join(top, `w${i}`) });
  });
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: { PATH: "/usr/bin:/bin", HOME: join(top, "home"), XDG_CACHE_HOME: join(top, "cache") },
    cwd: top,
  };
  return { code: await run(args, io), out, err };
}

/** The workspace files whose marker the text holds, in the order the markers first appear. */
function markedIn(body: string, files: { [path: string]: string }): string[] {
  const at = Object.keys(files)
    .map((p) => ({ p, i: body.indexOf(/MARK_[\w-]+_END/.exec(files[p] as string)?.[0] ?? "\0") }))
    .filter((x) => x.i >= 0);
  return at.sort((a, b) => a.i - b.i).map((x) => x.p);
}

interface AgentsJson {
  harnesses: {
    harness: string;
    files: { path: string; kind: string; importedFrom?: string }[];
    dropped: { path: string }[];
  }[];
}

describe("agents, preview and lint agree on what each harness loads", () => {
  WORKSPACES.forEach((w, i) => {
    for (const cwd of w.cwds) {
      it(`${w.name}, started in ${cwd || "the root"}`, async () => {
        const root = join(top, `w${i}`);
        const dir = cwd === "" ? root : join(root, cwd);
        const rel = (abs: string) => abs.slice(root.length + 1);
        const agents = await cli(["agents", "-C", dir, "--home", "home", "--json"]);
        expect(agents.code).toBe(0);
        const view = JSON.parse(agents.out) as AgentsJson;

        const host = createNodeHost({ cwd: root, env: { HOME: join(top, "home") } });
        const targets = discoverLintTargets(host, { root, patterns: [] }).value.targets;
        const files = targets.map((t) => readLintFile(host, root, t.path, t.kind, t.realPath));
        const facts = computeLintFacts(host, files, {
          root,
          codexHome: join(top, "home", ".codex"),
          home: join(top, "home"),
        });
        const launches = facts.harnessLaunches?.get(cwd) ?? [];
        // Not a vacuous comparison: the harnesses load most of the workspace between them.
        expect(new Set(launches.flatMap((l) => l.files.map((f) => f.path))).size).toBeGreaterThanOrEqual(
          w.expectLoaded[cwd] ?? 1,
        );
        for (const [harness, path, rule] of w.expectDropped?.[cwd] ?? [])
          expect(launches.find((l) => l.harness === harness)?.dropped).toContainEqual(
            expect.objectContaining({ path, rule }),
          );

        for (const harness of HARNESSES) {
          const listed = view.harnesses.find((h) => h.harness === harness);
          const lint = launches.find((l) => l.harness === harness);
          // Files inside the workspace, in the harness's order (user-level files are not the workspace's).
          const fromAgents = (listed?.files ?? []).map((f) => f.path).filter((p) => p.startsWith(`${root}/`));
          expect(
            lint?.files.map((f) => f.path),
            `${harness}: lint vs agents`,
          ).toEqual(fromAgents.map(rel));
          expect(
            lint?.dropped.map((d) => d.path),
            `${harness}: dropped`,
          ).toEqual((listed?.dropped ?? []).map((d) => d.path).map((p) => (p.startsWith(`${root}/`) ? rel(p) : p)));
          // Copilot CLI has no preview profile yet: agents and lint are compared for it, preview is not.
          if (findProfile(harness) === undefined) continue;
          const args = ["preview", "--profile", harness, "-C", dir, "--date", "2026-12-01", "--json", "hi"];
          const preview = await cli(
            harness === "codex"
              ? [...args, "--codex-home", join(top, "home", ".codex"), "--model", "gpt-5.2-codex"]
              : [...args, "--home", "home"],
          );
          expect(preview.code, `${harness}: ${preview.err}`).toBe(0);
          // Preview sends the context files in the listed order, each import after its importer, every skill.
          const sent = markedIn(preview.out, w.files);
          const ofKind = (kind: string) =>
            (listed?.files ?? [])
              .filter((f) => f.kind === kind && f.path.startsWith(`${root}/`))
              .map((f) => rel(f.path));
          const only = (paths: readonly string[]) => sent.filter((p) => paths.includes(p));
          expect(
            only(Object.keys(w.files).filter((p) => !ofKind("import").includes(p) && !p.endsWith("SKILL.md"))),
            `${harness}: context order`,
          ).toEqual(ofKind("context"));
          expect(new Set(only(ofKind("import"))), `${harness}: imports`).toEqual(new Set(ofKind("import")));
          for (const f of listed?.files ?? [])
            if (f.kind === "import" && f.importedFrom?.startsWith(`${root}/`))
              expect(sent.indexOf(rel(f.path)), `${harness}: ${rel(f.path)} after its importer`).toBeGreaterThan(
                sent.indexOf(rel(f.importedFrom)),
              );
          expect(new Set(sent.filter((p) => p.endsWith("SKILL.md"))), `${harness}: skills`).toEqual(
            new Set(ofKind("skill")),
          );
          // The drops lint reports are the diagnostics preview prints.
          for (const d of lint?.dropped ?? [])
            if (d.rule !== undefined) expect(preview.err, `${harness}: ${d.rule}`).toContain(d.rule);
        }
      });
    }
  });
});
