import { describe, expect, it } from "vitest";
import { createHidingHost } from "../../src/host/hiding-host.js";
import { createMemoryHost } from "../../src/host/memory-host.js";

describe("createHidingHost", () => {
  const base = createMemoryHost({
    files: { "/repo/a.md": "a", "/repo/snapshots/s/turn-1.request.json": "{}", "/repo/snapshotsx/b": "b" },
  });
  const host = createHidingHost(base, ["/repo/snapshots/"]);

  it("leaves a hidden folder out of its parent's listing and answers ENOENT at and below it", () => {
    const listed = host.readDir("/repo");
    expect(listed.ok ? listed.value.map((e) => e.name) : listed.error.code).toEqual(["a.md", "snapshotsx"]);
    expect(
      ["/repo/snapshots", "/repo/snapshots/s/turn-1.request.json"].map((p) => {
        const r = host.stat(p);
        return r.ok ? "found" : r.error.code;
      }),
    ).toEqual(["ENOENT", "ENOENT"]);
    expect(host.readBytes("/repo/snapshots/s/turn-1.request.json").ok).toBe(false);
  });

  it("shows everything else as the wrapped host does (a sibling with the same prefix included)", () => {
    expect([host.readBytes("/repo/snapshotsx/b").ok, host.stat("/repo/a.md").ok]).toEqual([true, true]);
    expect(createHidingHost(base, [])).toBe(base);
  });

  it("keeps the way to a kept path inside a hidden folder, and nothing else there", () => {
    const scenarios = createMemoryHost({
      files: { "/repo/sc/a.yaml": "x", "/repo/sc/home/.codex/config.toml": "", "/repo/sc/b.yaml": "y" },
    });
    const keeping = createHidingHost(scenarios, ["/repo/sc"], ["/repo/sc/home"]);
    const names = (path: string) => {
      const r = keeping.readDir(path);
      return r.ok ? r.value.map((e) => e.name) : r.error.code;
    };
    expect([names("/repo"), names("/repo/sc"), names("/repo/sc/home/.codex")]).toEqual([
      ["sc"],
      ["home"],
      ["config.toml"],
    ]);
    expect(keeping.readBytes("/repo/sc/a.yaml").ok).toBe(false);
    // A kept path above a hidden folder (the working directory) does not open it.
    expect(createHidingHost(scenarios, ["/repo/sc"], ["/repo"]).readDir("/repo").ok).toBe(true);
    const fromRoot = createHidingHost(scenarios, ["/repo/sc"], ["/repo"]).readDir("/repo");
    expect(fromRoot.ok && fromRoot.value.map((e) => e.name)).toEqual([]);
  });

  it("shows the whole of a hidden folder a working directory is in (the project around it)", () => {
    const beside = createMemoryHost({
      files: {
        "/t/session.yaml": "x",
        "/t/ws/.fixture-root": "",
        "/t/ws/AGENTS.md": "root",
        "/t/ws/pkg/AGENTS.md": "pkg",
        "/t/home/.codex/config.toml": "",
      },
    });
    const host = createHidingHost(beside, ["/t", "/t/snapshots"], ["/t/ws/pkg", "/t/home"], ["/t/ws/pkg"]);
    expect(host.readBytes("/t/ws/AGENTS.md").ok).toBe(true);
    expect(host.stat("/t/ws/.fixture-root").ok).toBe(true);
    expect(host.readBytes("/t/session.yaml").ok).toBe(true);
    // A working directory above a hidden folder still does not open it.
    expect(createHidingHost(beside, ["/t/ws"], ["/t"], ["/t"]).readBytes("/t/ws/AGENTS.md").ok).toBe(false);
  });
});
