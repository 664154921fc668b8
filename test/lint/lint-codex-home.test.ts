// lint simulates Codex with the same CODEX_HOME and config.toml as `promptc preview`: project_doc_max_bytes,
// project_doc_fallback_filenames and project_root_markers change what ctx/codex-chain-bytes reports, and the
// bytes lint says reach the model are the bytes preview puts in the request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lintCli, runCli } from "./run-lint-cli.js";

/** ASCII lines numbered so any prefix of the file is unique. */
const numbered = (tag: string, bytes: number): string => {
  let s = "";
  for (let i = 0; s.length < bytes; i++) s += `${tag} line ${String(i).padStart(5, "0")}\n`;
  return s.slice(0, bytes - 1) + "\n";
};

describe("promptc lint --codex-home", () => {
  let dir: string;
  let home: string;
  const files: { [path: string]: string } = {};
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "promptc-lint-home-"));
    home = join(dir, "codex-home");
    Object.assign(files, {
      "repo/.git/HEAD": "ref: x\n",
      "repo/AGENTS.md": numbered("root", 3000),
      "repo/src/api/CLAUDE.md": numbered("api", 2000),
    });
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), text);
    }
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, "config.toml"),
      'project_doc_max_bytes = 4000\nproject_doc_fallback_filenames = ["CLAUDE.md"]\n',
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the budget and fallback names from config.toml and agrees with preview on the bytes kept", async () => {
    const repo = join(dir, "repo");
    const r = await lintCli(["--codex-home", home, "--format", "json", "--rule", "ctx/token-budget:off"], repo);
    const messages = (
      JSON.parse(r.stdout) as { results: { filePath: string; messages: { ruleId: string; message: string }[] }[] }
    ).results.flatMap((x) => x.messages.map((m) => ({ file: x.filePath, ...m })));
    const chain = messages.filter((m) => m.ruleId === "ctx/codex-chain-bytes");
    expect(chain.map((m) => [m.file, m.message])).toEqual([
      [
        "src/api/CLAUDE.md",
        "when Codex runs in src/api, only the first 1,000 of 2,000 bytes reach the model (4,000-byte budget spent by ./AGENTS.md 3,000 B)",
      ],
    ]);
    const preview = await runCli(
      [
        "preview",
        "--profile",
        "codex",
        "--codex-home",
        home,
        "-C",
        join(repo, "src", "api"),
        "--json",
        "--date",
        "2026-11-29",
        "--timezone",
        "Etc/UTC",
        "--shell",
        "bash",
      ],
      repo,
    );
    expect(preview.code).toBe(0);
    const request = preview.stdout;
    const api = files["repo/src/api/CLAUDE.md"] as string;
    expect(request).toContain(JSON.stringify(api.slice(0, 1000)).slice(1, -1));
    expect(request).not.toContain(JSON.stringify(api.slice(0, 1001)).slice(1, -1));
  });

  it("uses Codex's defaults (32 KiB, AGENTS.md only) without a config", async () => {
    const r = await lintCli(["--format", "json", "--rule", "ctx/token-budget:off"], join(dir, "repo"));
    expect(r.stdout).not.toContain("ctx/codex-chain-bytes");
  });

  it("exits 2 with the reason when config.toml cannot be used", async () => {
    writeFileSync(join(home, "config.toml"), "project_doc_max_bytes = [\n");
    const r = await lintCli(["--codex-home", home], join(dir, "repo"));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("config.toml");
  });

  // The same project layers preview applies for a turn in that folder (load-project-config.ts): trusted ones only.
  it.each<[string, string, boolean]>([
    ["a trusted project's .codex/config.toml budget counts, as in preview", "trusted", true],
    ["an untrusted project's does not", "untrusted", false],
  ])("%s", async (_name, trust, cut) => {
    const repo = join(dir, "repo");
    writeFileSync(join(home, "config.toml"), `[projects.${JSON.stringify(repo)}]\ntrust_level = "${trust}"\n`);
    mkdirSync(join(repo, ".codex"), { recursive: true });
    writeFileSync(
      join(repo, ".codex", "config.toml"),
      'project_doc_max_bytes = 4000\nproject_doc_fallback_filenames = ["CLAUDE.md"]\n',
    );
    const r = await lintCli(["--codex-home", home, "--format", "json", "--rule", "ctx/token-budget:off"], repo);
    expect(r.stdout.includes("only the first 1,000 of 2,000 bytes reach the model")).toBe(cut);
    const preview = await runCli(
      ["preview", "--profile", "codex", "--codex-home", home, "-C", join(repo, "src", "api"), "--json"],
      repo,
    );
    const api = files["repo/src/api/CLAUDE.md"] as string;
    expect(preview.stdout.includes(JSON.stringify(api.slice(0, 1001)).slice(1, -1))).toBe(false);
    expect(preview.stdout.includes(JSON.stringify(api.slice(0, 1000)).slice(1, -1))).toBe(cut);
  });
});
