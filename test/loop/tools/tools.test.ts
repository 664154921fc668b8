import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createShellTool } from "../../../src/loop/tools/shell.js";
import { createReadFileTool } from "../../../src/loop/tools/read-file.js";
import { createEditFileTool } from "../../../src/loop/tools/edit-file.js";
import { createUpdatePlanTool } from "../../../src/loop/tools/update-plan.js";
import type { ToolContext } from "../../../src/loop/tool.js";
import { skipBecause } from "../../skip-because.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-tools-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  signal: new AbortController().signal,
  cwd: dir,
  sandbox: "workspace-write",
  callId: "c",
  timeoutMs: 20_000,
  ...over,
});
const stripTime = (s: string) => s.replace(/Wall time: [\d.]+ seconds/, "Wall time: T seconds");

describe("createShellTool", () => {
  const shell = createShellTool({ outputPolicy: { mode: "bytes", limit: 40 } });

  it("reports exit code and combined output", async () => {
    const r = await shell.execute({ command: ["sh", "-c", "echo out; echo err 1>&2; exit 3"] }, ctx());
    expect({ ...r, output: stripTime(r.output) }).toEqual({
      output: "Exit code: 3\nWall time: T seconds\nOutput:\nout\nerr\n",
      success: false,
    });
  });

  it("middle-truncates long output under a Total output lines header", async () => {
    const r = await shell.execute({ command: ["sh", "-c", "seq 1 100"] }, ctx());
    expect(stripTime(r.output)).toMatch(
      /^Exit code: 0\nWall time: T seconds\nOutput:\nTotal output lines: 100\n\n1\n2\n.*chars truncated….*\n100\n$/s,
    );
  });

  it("reports a program that cannot start", async () => {
    const r = await shell.execute({ command: ["/nonexistent/program"] }, ctx());
    expect(r).toEqual({ output: "Failed to start: spawn /nonexistent/program ENOENT\nOutput:\n", success: false });
  });

  it("kills the process group when the signal aborts", async () => {
    const controller = new AbortController();
    const running = shell.execute(
      { command: ["sh", "-c", "sleep 30 & sleep 30; echo never"] },
      ctx({ signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 50);
    const r = await running;
    expect(r.success).toBe(false);
    expect(r.output).toMatch(/^The command was cancelled after [\d.]+ seconds\.\nOutput:\n$/);
  });
});

describe("createReadFileTool", () => {
  const read = createReadFileTool();
  writeFileSync(join(dir, "f.txt"), "a\nb\nc\nd\n");

  it.each([
    [{ path: "f.txt" }, { output: "1\ta\n2\tb\n3\tc\n4\td", success: true }],
    [
      { path: "f.txt", offset: 2, limit: 2 },
      { output: "2\tb\n3\tc\n[lines 2-3 of 4; continue with offset 4]", success: true },
    ],
    [
      { path: "f.txt", offset: 9 },
      { output: `offset 9 is past the end of ${join(dir, "f.txt")} (4 lines)`, success: false },
    ],
    [{ path: "missing.txt" }, { output: `cannot read ${join(dir, "missing.txt")}: ENOENT`, success: false }],
  ])("reads %j", async (args, expected) => {
    expect(await read.execute(args, ctx())).toEqual(expected);
  });

  it("refuses binary files", async () => {
    writeFileSync(join(dir, "bin"), Buffer.from([1, 0, 2]));
    expect(await read.execute({ path: "bin" }, ctx())).toEqual({
      output: `${join(dir, "bin")} looks binary (it contains NUL bytes); not shown`,
      success: false,
    });
  });
});

describe("createEditFileTool", () => {
  const edit = createEditFileTool();

  it("creates, edits and refuses ambiguous edits", async () => {
    expect(await edit.execute({ path: "e.txt", old_string: "", new_string: "x x" }, ctx())).toEqual({
      output: `created ${join(dir, "e.txt")}`,
      success: true,
    });
    expect((await edit.execute({ path: "e.txt", old_string: "x", new_string: "y" }, ctx())).success).toBe(false);
    expect(await edit.execute({ path: "e.txt", old_string: "x", new_string: "$&y", replace_all: true }, ctx())).toEqual(
      {
        output: `edited ${join(dir, "e.txt")} (2 replacements)`,
        success: true,
      },
    );
    expect(readFileSync(join(dir, "e.txt"), "utf8")).toBe("$&y $&y");
  });

  // fs.promises.mkdir(…, { recursive: true }) never settles for a path under /proc on Node 20: the timeout fails it.
  it.skipIf(skipBecause("edit_file under /proc", existsSync("/proc/self") ? undefined : "no /proc on this system"))(
    "reports a folder it cannot make instead of hanging",
    async () => {
      const path = "/proc/promptc-test/sub/a.txt";
      expect(await edit.execute({ path, old_string: "", new_string: "x" }, ctx())).toEqual({
        output: `cannot create ${path}: ENOENT`,
        success: false,
      });
    },
  );

  it("refuses to write in a read-only sandbox", async () => {
    expect(
      await edit.execute({ path: "ro.txt", old_string: "", new_string: "x" }, ctx({ sandbox: "read-only" })),
    ).toEqual({
      output: "refused: the sandbox is read-only",
      success: false,
    });
  });
});

describe("createUpdatePlanTool", () => {
  it("accepts one step in progress and refuses two", async () => {
    const plan = createUpdatePlanTool();
    expect(await plan.execute({ plan: [{ step: "a", status: "in_progress" }] }, ctx())).toEqual({
      output: "Plan updated",
      success: true,
    });
    expect(
      (
        await plan.execute(
          {
            plan: [
              { step: "a", status: "in_progress" },
              { step: "b", status: "in_progress" },
            ],
          },
          ctx(),
        )
      ).success,
    ).toBe(false);
  });
});
