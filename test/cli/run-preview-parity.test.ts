// `promptc run --dry-run` sends what `promptc preview --json` shows (issue 6): same tools and input for the same
// cwd, flags and message, per sandbox; under --profile codex run swaps in its own tools and says so.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import type { CliIO } from "../../src/cli/io.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BASIC = join(ROOT, "fixtures", "workspaces", "basic");
const CWD = join(BASIC, "packages", "api");
const HOME = join(BASIC, ".codex-home");
const ENV = { HOME: "/nonexistent-home", CODEX_HOME: HOME, SHELL: "/bin/bash", TZ: "Etc/UTC" };

async function cli(argv: string[]) {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: { ...ENV },
    cwd: ROOT,
  };
  const code = await run(argv, io);
  return { code, out, err };
}

type Body = { tools: { name: string }[]; input: unknown[] };

describe("run --dry-run and preview --json", () => {
  it.each(["read-only", "workspace-write", "danger-full-access"])(
    "give identical tools and input for the promptc profile under %s",
    async (sandbox) => {
      const flags = ["-C", CWD, "--codex-home", HOME, "--sandbox", sandbox, "--approval", "never"];
      const preview = await cli(["preview", ...flags, "--json", "-m", "use $release-notes please"]);
      const dry = await cli(["run", ...flags, "--dry-run", "use $release-notes please"]);
      expect({ preview: preview.code, run: dry.code, runErr: dry.err }).toEqual({ preview: 0, run: 0, runErr: "" });
      const p = JSON.parse(preview.out) as Body;
      const r = JSON.parse(dry.out) as Body;
      expect(r.tools).toEqual(p.tools);
      expect(r.input).toEqual(p.input);
      const names = r.tools.map((t) => t.name);
      expect(names).toEqual(
        sandbox === "read-only"
          ? ["read_file", "shell", "update_plan"]
          : ["edit_file", "read_file", "shell", "update_plan"],
      );
    },
  );

  it("keeps run's own tools under --profile codex and says that the request differs from Codex's", async () => {
    const flags = ["-C", CWD, "--codex-home", HOME, "--sandbox", "read-only", "--profile", "codex"];
    const preview = await cli(["preview", ...flags, "--json", "-m", "hi"]);
    const dry = await cli(["run", ...flags, "--dry-run", "hi"]);
    expect((JSON.parse(preview.out) as Body).tools.map((t) => t.name)).toContain("exec_command");
    expect((JSON.parse(dry.out) as Body).tools.map((t) => t.name)).toEqual(["read_file", "shell", "update_plan"]);
    expect(dry.err).toMatch(/^note: --profile codex: run offers promptc's own tools .* differ from Codex's\n$/);
  });
});
