// Bounds on hostile input: reads stop at a cap with a one-line reason (/dev/zero, standard input), a session log's
// over-long line is skipped with a warning, 150k-item logs and requests do not overflow the stack, and a deleted
// working directory is a one-line error with exit 2.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { INPUT_FILE_MAX_BYTES, MESSAGE_FILE_MAX_BYTES } from "../../src/cli/read-input.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { readSessionLog } from "../../src/session-log/read-session-log.js";
import { skipBecause } from "../skip-because.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const dir = tempDir("promptc-hostile-bounds-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const item = (text: string) =>
  JSON.stringify({
    timestamp: "t",
    type: "response_item",
    payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
  });

describe("reads with a cap", () => {
  it("tokens /dev/zero stops at the cap with one line and exit 2", async () => {
    const c = capture(dir);
    expect(await run(["tokens", "/dev/zero"], c.io)).toBe(2);
    expect(c.err()).toBe(
      `promptc tokens: /dev/zero is larger than ${INPUT_FILE_MAX_BYTES / 1024 / 1024} MiB, the limit for this input; not read\n`,
    );
  });

  it("preview --message-file /dev/zero stops at the cap with one line and exit 2", async () => {
    const c = capture(dir);
    expect(await run(["preview", "-C", dir, "--message-file", "/dev/zero"], c.io)).toBe(2);
    expect(c.err()).toMatch(
      new RegExp(
        `/dev/zero is larger than ${MESSAGE_FILE_MAX_BYTES / 1024 / 1024} MiB, the limit for this input; not read\\n$`,
      ),
    );
  });

  it("standard input past the cap is refused, not read on", async () => {
    let asked: number | undefined;
    const c = capture(dir);
    c.io.readStdin = async (options) => ((asked = options?.maxBytes), undefined);
    expect(await run(["tokens", "-"], c.io)).toBe(2);
    expect(asked).toBe(INPUT_FILE_MAX_BYTES);
    expect(c.err()).toMatch(/standard input is larger than/);
  });
});

describe("session logs", () => {
  it("skips a line over the line cap with a warning and reads the lines after it", () => {
    const path = join(dir, "long-line.jsonl");
    writeFileSync(path, [item("before"), item("x".repeat(4096)), item("after"), ""].join("\n"));
    const read = readSessionLog(createNodeHost(), path, { maxLineBytes: 1024, rebuildCompacted: (h) => [...h] });
    expect(
      read.value?.history.map((i) => (i.type === "message" ? (i.content[0] as { text: string }).text : i.type)),
    ).toEqual(["before", "after"]);
    expect(read.diagnostics.map((d) => [d.rule, d.severity, d.place?.line])).toEqual([
      ["session/line-too-long", "warning", 2],
    ]);
  });

  it("parses a long log and builds its request view without spreading it onto the stack", () => {
    // A 150,000-item log overflowed the default stack (push(...items)); the same code on a stack a tenth the size
    // fails at 15,000 items, which keeps this test fast.
    const script = join(dir, "long-log-child.mjs");
    const contents = `import { parseSessionLog } from "./src/session-log/parse-rollout.ts";
import { buildRequestView } from "./src/capture/request-view.ts";
const item = (text) => JSON.stringify({ timestamp: "t", type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text }] } });
const parsed = parseSessionLog(Array.from({ length: 15000 }, (_, i) => item("m" + i)).join("\\n") + "\\n");
const view = buildRequestView(JSON.stringify({ model: "m", input: parsed.value.history }), "responses");
process.stdout.write(JSON.stringify({ items: parsed.value.history.length, fragments: view.fragments.length }));
`;
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
    const child = spawnSync(process.execPath, ["--stack-size=98", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    const out = JSON.parse(child.stdout) as { items: number; fragments: number };
    expect(out.items).toBe(15000);
    expect(out.fragments).toBeGreaterThanOrEqual(15000);
  });
});

describe("a deleted working directory", () => {
  const bin = join(import.meta.dirname, "..", "..", "dist", "bin.js");
  it.skipIf(
    skipBecause("read bounds through dist/bin.js", existsSync(bin) ? undefined : "no dist/bin.js (run npm run build)"),
  )("is one line and exit 2 (needs dist/: npm run build)", () => {
    const gone = join(dir, "gone");
    mkdirSync(gone);
    const child = spawnSync(
      "sh",
      ["-c", `cd "${gone}" && rmdir "${gone}" && exec "${process.execPath}" "${bin}" lint`],
      { encoding: "utf8" },
    );
    expect(child.stderr).toBe(
      "promptc: the current directory no longer exists (was it deleted?); cd into an existing one\n",
    );
    expect(child.status).toBe(2);
  });
});
