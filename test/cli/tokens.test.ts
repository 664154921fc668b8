import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture as captureIn } from "./cli-capture.js";

const capture = (stdin = "") => captureIn(process.cwd(), {}, stdin);

describe("promptc tokens", () => {
  it("counts standard input with o200k_base by default", async () => {
    const c = capture("hello world");
    expect(await run(["tokens"], c.io)).toBe(0);
    expect(c.out()).toBe("2\n");
  });

  it("prints JSON with bytes and encoding when asked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-tokens-"));
    const file = join(dir, "a.md");
    writeFileSync(file, "<|endoftext|> hi");
    const c = capture();
    expect(await run(["tokens", file, "--json", "--encoding", "cl100k_base"], c.io)).toBe(0);
    expect(JSON.parse(c.out())).toEqual({ file, encoding: "cl100k_base", tokens: 8, bytes: 16, invalidUtf8: false });
  });

  it("warns about invalid UTF-8 and still counts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-tokens-"));
    const file = join(dir, "bad.md");
    writeFileSync(file, Buffer.from([0x61, 0xff, 0x62]));
    const c = capture();
    expect(await run(["tokens", file], c.io)).toBe(0);
    expect(c.err()).toContain("not valid UTF-8");
  });

  it("exits 2 with a one-line reason for an unknown encoding or a missing file", async () => {
    const a = capture("x");
    expect(await run(["tokens", "--encoding", "p50k"], a.io)).toBe(2);
    expect(a.err()).toMatch(/unknown encoding 'p50k'/);
    const b = capture();
    expect(await run(["tokens", "/nonexistent/file.md"], b.io)).toBe(2);
    expect(b.err()).toMatch(/^promptc tokens: cannot read .*: no such file or directory\n$/);
  });
});
