// lint's directory walk on a hostile tree: a folder whose name holds a newline is linted (preview loads its
// AGENTS.md), and a folder lint cannot read is a diagnostic, not a silent gap.
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const dir = tempDir("promptc-hostile-walk-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("lint's walk", () => {
  it("lints AGENTS.md in a folder whose name holds a newline", async () => {
    const root = join(dir, "newline");
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(join(root, "a\nb", "c"), { recursive: true });
    writeFileSync(join(root, "a\nb", "AGENTS.md"), "# Nested\n\nText\u200b here.\n");
    writeFileSync(join(root, "a\nb", "c", "AGENTS.md"), "# Deeper\n\nText.\n");
    const c = capture(root);
    await run(["lint", "--no-config", "--format", "json"], c.io);
    const files = (JSON.parse(c.out()) as { results: { filePath: string; messages: { ruleId: string }[] }[] }).results;
    expect(files.map((f) => f.filePath)).toEqual(["a\nb/AGENTS.md", "a\nb/c/AGENTS.md"]);
    expect(files[0]!.messages.map((m) => m.ruleId)).toContain("sec/invisible-unicode");
  });

  it("reports a folder it cannot read", () => {
    const root = join(dir, "locked");
    mkdirSync(join(root, ".git"), { recursive: true });
    mkdirSync(join(root, "open"), { recursive: true });
    mkdirSync(join(root, "shut"), { recursive: true });
    writeFileSync(join(root, "open", "AGENTS.md"), "# Open\n\nText.\n");
    writeFileSync(join(root, "shut", "AGENTS.md"), "# Shut\n\nText.\n");
    chmodSync(join(root, "shut"), 0o000);
    const script = join(dir, "walk-child.mjs");
    const contents = `import { run } from "./src/cli/program.ts";\nlet out = "", err = "";\nconst code = await run(["lint", "--no-config"], { stdout: (s) => (out += s), stderr: (s) => (err += s), isTTY: false, env: { HOME: ${JSON.stringify(root)}, CODEX_HOME: ${JSON.stringify(root)} }, cwd: ${JSON.stringify(root)} });\nprocess.stdout.write(JSON.stringify({ code, out, err }));\n`;
    const banner = 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);';
    buildSync({
      stdin: { contents, resolveDir: join(import.meta.dirname, "..", ".."), loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: script,
      banner: { js: banner },
      logLevel: "error",
    });
    // Root reads everything: walk as an unprivileged user so the permissions hold.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chmodSync(dir, 0o755);
      chownSync(root, 65534, 65534);
    }
    const child = spawnSync(process.execPath, [script], {
      encoding: "utf8",
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    expect(child.stderr).toBe("");
    const result = JSON.parse(child.stdout) as { code: number; out: string; err: string };
    expect(result.err).toBe("promptc lint: cannot read shut: permission denied; files below it were not linted\n");
  });
});
