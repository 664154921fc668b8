// isTerminal must answer what process.stdout.isTTY would (colour depends on it) for every kind of standard
// output, without building the stream; and text written through writerTo arrives whole and in order.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { skipBecause } from "../skip-because.js";

const MODULE = join(import.meta.dirname, "..", "..", "dist", "cli", "standard-streams.js");
const scratch = mkdtempSync(join(tmpdir(), "promptc-streams-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A script printing [isTerminal(1), process.stdout.isTTY] on stderr, then writing `lines` through writerTo. */
function probe(lines: number): string {
  const file = join(scratch, `probe-${lines}.mjs`);
  writeFileSync(
    file,
    `import { isTerminal, writerTo } from ${JSON.stringify(pathToFileURL(MODULE).href)};\n` +
      "const answer = isTerminal(1);\n" +
      "process.stderr.write(JSON.stringify([answer, Boolean(process.stdout.isTTY)]));\n" +
      `const out = writerTo("stdout");\nfor (let i = 0; i < ${lines}; i++) out(\`line \${i} ✓\\n\`);\n`,
  );
  return file;
}

const NOT_BUILT = existsSync(MODULE) ? undefined : "dist/ is not built (npm run build)";
const NO_PTY =
  NOT_BUILT ?? (process.platform === "linux" && existsSync("/usr/bin/script") ? undefined : "no util-linux script");

describe("standard streams", () => {
  it.skipIf(skipBecause("standard streams: files, pipes", NOT_BUILT))(
    "answers no terminal for a pipe, a file and /dev/null, as Node's stream does",
    () => {
      const script = probe(20000);
      const piped = spawnSync(process.execPath, [script], { encoding: "utf8" });
      expect(JSON.parse(piped.stderr)).toEqual([false, false]);
      // 20000 lines through a pipe (larger than its buffer): all of them, in order.
      expect(piped.stdout.split("\n").slice(0, -1)).toEqual(Array.from({ length: 20000 }, (_, i) => `line ${i} ✓`));
      const nul = spawnSync(process.execPath, [script], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
      expect(JSON.parse(nul.stderr)).toEqual([false, false]);
      const path = join(scratch, "out.txt");
      const fd = openSync(path, "w");
      const file = spawnSync(process.execPath, [script], { encoding: "utf8", stdio: ["ignore", fd, "pipe"] });
      closeSync(fd);
      expect(JSON.parse(file.stderr)).toEqual([false, false]);
      expect(readFileSync(path, "utf8").split("\n").length).toBe(20001);
    },
  );

  it.skipIf(skipBecause("standard streams: terminal", NO_PTY))("answers a terminal for a pseudo-terminal", () => {
    const script = probe(1);
    const r = spawnSync(
      "/usr/bin/script",
      ["-qc", `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`, "/dev/null"],
      {
        encoding: "utf8",
      },
    );
    expect(r.stdout).toContain("[true,true]");
    expect(r.stdout).toContain("line 0 ✓");
  });
});
