// lint --fix as a writer that loses nothing: only the bytes of each fix change (encoding, BOM, CRLF and invalid
// bytes stay), a file changed meanwhile or one that cannot be written is reported and the run goes on.
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { replaceFileIfUnchanged } from "../../src/host/replace-file-if-unchanged.js";
import { planByteEdits } from "../../src/lint/plan-byte-edits.js";
import { buildSync } from "esbuild";
import { capture, tempDir } from "../cli/cli-capture.js";

const dir = tempDir("promptc-hostile-fix-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ZWSP = Buffer.from("\u200b", "utf8");
let n = 0;
function workspace(files: { [name: string]: Buffer | string }): string {
  const root = join(dir, String(++n));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), data);
  }
  return root;
}
const bytes = (...parts: (string | Buffer | number[])[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("lint --fix writes only the bytes of each fix", () => {
  it("keeps Latin-1 bytes the decoder could not read", async () => {
    const before = bytes("# Caf", [0xe9], "\n\nText", ZWSP, " with ", [0xe9], "t", [0xe9], ".\n");
    const root = workspace({ "AGENTS.md": before });
    expect(await run(["lint", "--no-config", "--fix"], capture(root).io)).not.toBe(2);
    expect(readFileSync(join(root, "AGENTS.md"))).toEqual(
      bytes("# Caf", [0xe9], "\n\nText with ", [0xe9], "t", [0xe9], ".\n"),
    );
  });

  it("keeps invalid bytes inside a fixed range", async () => {
    const root = workspace({ "AGENTS.md": bytes("# T\n\na", ZWSP, [0xe9, 0xff], ZWSP, "b\n") });
    await run(["lint", "--no-config", "--fix"], capture(root).io);
    expect(readFileSync(join(root, "AGENTS.md"))).toEqual(bytes("# T\n\na", [0xe9, 0xff], "b\n"));
  });

  it("keeps a UTF-8 byte-order mark and CRLF line ends", async () => {
    const root = workspace({
      "AGENTS.md": bytes([0xef, 0xbb, 0xbf], "# T\r\n\r\nOne", ZWSP, ".\r\nTwo", ZWSP, ".\r\n"),
    });
    const dry = capture(root);
    await run(["lint", "--no-config", "--fix-dry-run"], dry.io);
    expect(dry.out()).toContain("-One\u200b.\r\n");
    await run(["lint", "--no-config", "--fix"], capture(root).io);
    expect(readFileSync(join(root, "AGENTS.md"))).toEqual(bytes([0xef, 0xbb, 0xbf], "# T\r\n\r\nOne.\r\nTwo.\r\n"));
  });

  it("does not write through a linked file", async () => {
    const root = workspace({ "outside/target.md": `# T\n\nText\u200b.\n`, "repo/.keep": "" });
    symlinkSync(join(root, "outside", "target.md"), join(root, "repo", "AGENTS.md"));
    const c = capture(join(root, "repo"));
    await run(["lint", "--no-config", "--fix", "AGENTS.md"], c.io);
    expect(readFileSync(join(root, "outside", "target.md"), "utf8")).toBe(`# T\n\nText\u200b.\n`);
  });

  it("reports a file it cannot write and fixes the others (exit 2, no internal error)", () => {
    const root = workspace({ "a/AGENTS.md": `# A\n\nText\u200b.\n`, "b/AGENTS.md": `# B\n\nText\u200b.\n` });
    chmodSync(join(root, "a", "AGENTS.md"), 0o444);
    chmodSync(join(root, "a"), 0o555);
    const script = join(dir, "lint-fix-child.mjs");
    const contents = `import { run } from "./src/cli/program.ts";\nlet out = "", err = "";\nconst code = await run(["lint", "--no-config", "--fix"], { stdout: (s) => (out += s), stderr: (s) => (err += s), isTTY: false, env: { HOME: ${JSON.stringify(root)}, CODEX_HOME: ${JSON.stringify(root)} }, cwd: ${JSON.stringify(root)} });\nprocess.stdout.write(JSON.stringify({ code, out, err }));\n`;
    // CommonJS dependencies (commander) need a require inside the ESM bundle.
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
    // Root writes anywhere: run the fix as an unprivileged user so the permissions hold.
    const asRoot = process.getuid?.() === 0;
    const asUser = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (asRoot) {
      chmodSync(dir, 0o755);
      for (const owned of [root, join(root, "b"), join(root, "b", "AGENTS.md")]) chownSync(owned, 65534, 65534);
    }
    const child = spawnSync(process.execPath, [script], { encoding: "utf8", ...asUser });
    expect(child.stderr).toBe("");
    const result = JSON.parse(child.stdout) as { code: number; out: string; err: string };
    expect(result.err).not.toMatch(/internal error/);
    expect(result.err).toMatch(/^promptc lint: a\/AGENTS\.md cannot be written: EACCES\n$/m);
    expect(result.code).toBe(2);
    expect(readFileSync(join(root, "b", "AGENTS.md"), "utf8")).toBe("# B\n\nText.\n");
    expect(readFileSync(join(root, "a", "AGENTS.md"), "utf8")).toBe("# A\n\nText\u200b.\n");
    // The unfixed file is reported as it is, not as if it had been fixed.
    expect(result.out).toMatch(/a\/AGENTS\.md\n.*sec\/invisible-unicode/);
  });
});

describe("replaceFileIfUnchanged", () => {
  it("skips a file changed since it was read, keeping the concurrent edit", () => {
    const root = workspace({ "AGENTS.md": "old\n" });
    const path = join(root, "AGENTS.md");
    const read = readFileSync(path);
    writeFileSync(path, "someone else's edit\n");
    expect(replaceFileIfUnchanged(path, read, Buffer.from("fixed\n"))).toEqual({
      ok: false,
      reason: "changed",
      message: "changed since it was read; not fixed (run lint --fix again)",
    });
    expect(readFileSync(path, "utf8")).toBe("someone else's edit\n");
  });

  it("replaces an unchanged file and keeps its mode", () => {
    const root = workspace({ "AGENTS.md": "old\n" });
    const path = join(root, "AGENTS.md");
    chmodSync(path, 0o640);
    expect(replaceFileIfUnchanged(path, readFileSync(path), Buffer.from("new\n"))).toEqual({ ok: true });
    expect(readFileSync(path, "utf8")).toBe("new\n");
  });
});

describe("planByteEdits", () => {
  it("notes what a fix would change besides its text (shown by --fix-dry-run)", () => {
    const file = bytes("x", [0xe9], "y\n");
    const text = "x\ufffdy\n";
    expect(planByteEdits(file, text, [{ start: 0, end: 3, text: "xy" }])).toEqual({
      bytes: new Uint8Array(bytes("xy\n")),
      notes: ["line 1: the fix replaces bytes that are not valid UTF-8"],
    });
    expect(planByteEdits(file, text, [{ start: 3, end: 3, text: " é" }])?.notes).toEqual([
      "line 1: the fix writes UTF-8 into a file that is not valid UTF-8",
    ]);
  });

  it("refuses text that is not what the bytes decode to", () => {
    expect(planByteEdits(bytes("abc"), "abd", [])).toBeUndefined();
  });
});
