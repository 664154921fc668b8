import { chmodSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAgentInstall } from "../../src/host/find-agent-install.js";

/** An npm-style install: <root>/lib/node_modules/<pkg>/cli.js linked from <root>/bin/<exe>. */
function install(root: string, name: string): { bin: string; dir: string } {
  const dir = join(root, "lib", "node_modules", name);
  mkdirSync(join(dir, "dist"), { recursive: true });
  mkdirSync(join(root, "bin"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0" }));
  writeFileSync(join(dir, "dist", "cli.js"), "#!/usr/bin/env node\n");
  chmodSync(join(dir, "dist", "cli.js"), 0o755);
  const bin = join(root, "bin", "agent");
  symlinkSync(join(dir, "dist", "cli.js"), bin);
  return { bin, dir };
}

describe("resolveAgentInstall", () => {
  it("takes the install calibration ran while it is there, else follows PATH's executable to its package", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-install-")));
    const onPath = install(join(root, "a"), "agent-pkg");
    const calibrated = install(join(root, "b"), "agent-pkg");
    const agent = { executables: ["agent"], packageName: "agent-pkg" };
    const env = { PATH: join(root, "a", "bin") };
    expect(resolveAgentInstall({ bin: calibrated.bin, packageDir: calibrated.dir }, agent, env)).toEqual({
      packageDir: calibrated.dir,
      bin: calibrated.bin,
      from: "calibration",
    });
    expect(resolveAgentInstall({ bin: "/gone/agent", packageDir: "/gone" }, agent, env)).toEqual({
      packageDir: onPath.dir,
      bin: onPath.bin,
      from: "path",
    });
    expect(resolveAgentInstall(undefined, agent, { PATH: join(root, "none") })).toBeUndefined();
  });
});
