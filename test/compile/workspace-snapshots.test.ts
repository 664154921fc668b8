// A snapshot per fixture workspace, end to end: loadTurnContext over the workspace (mounted at a fixed path in a
// MemoryHost, so paths and bytes are the same on every machine), then compile with each profile.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/compile/compile.js";
import type { LoadTurnContextOptions } from "../../src/discover/load-turn-context.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { layoutText } from "./layout-text.js";
import { mountFixture } from "./mount-fixture.js";

const DISK = resolve(import.meta.dirname, "..", "..", "fixtures", "workspaces");
const MOUNT = "/fixtures/workspaces";
/** Working directory and turn options per workspace (fixtures/workspaces/README.md); default: the root, "say hello". */
const TURN: { [workspace: string]: { cwd?: string } & LoadTurnContextOptions } = {
  basic: { cwd: "packages/api", message: "use $release-notes for the next tag" },
  budget: { cwd: "a/b" },
  "edge-bytes": { cwd: "docs" },
  "skills-edge": {
    approval: "on-request",
    message: "use $folded, $quiet and [$zeta](/fixtures/workspaces/skills-edge/.codex/skills/zeta/SKILL.md)",
  },
};
const workspaces = readdirSync(DISK, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe("compile over fixtures/workspaces", () => {
  it("covers every workspace folder", () => expect(workspaces.sort()).toEqual(Object.keys(TURN).sort()));

  for (const name of workspaces) {
    for (const profile of ["codex", "promptc"] as const) {
      it(`matches the ${profile} snapshot for workspace ${name}`, async () => {
        const root = `${MOUNT}/${name}`;
        const host = createMemoryHost({
          files: { ...mountFixture(join(DISK, name), root), "/tmp": { dir: true }, "/home/u": { dir: true } },
          cwd: root,
          home: "/home/u",
          env: { SHELL: "/bin/bash" },
          clock: { nowMs: Date.UTC(2026, 10, 29, 12), timezone: "Etc/UTC" },
        });
        const { cwd, ...turn } = TURN[name] ?? {};
        const loaded = loadTurnContext(host, {
          message: "say hello",
          ...turn,
          cwd: cwd === undefined ? root : `${root}/${cwd}`,
          codexHome: `${root}/.codex-home`,
          adminSkillsRoot: null,
          decode: profile === "codex" ? "lossy" : "char-boundary",
        });
        expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const r = compile(loaded.value!, { profile });
        const discovery = loaded.diagnostics.map(
          (d) => `discover ${d.severity} ${d.rule}: ${d.file ?? ""}: ${d.message}`,
        );
        await expect(JSON.stringify(JSON.parse(r.bytes), null, 2) + "\n").toMatchFileSnapshot(
          `../../snapshots/compile/workspaces/${name}.${profile}.request.json`,
        );
        await expect([...discovery, layoutText(r, { sources: true })].join("\n")).toMatchFileSnapshot(
          `../../snapshots/compile/workspaces/${name}.${profile}.layout.txt`,
        );
      });
    }
  }
});
