import { describe, expect, it } from "vitest";
import { createHidingHost } from "../../src/host/hiding-host.js";
import { createMemoryHost } from "../../src/host/memory-host.js";

const base = createMemoryHost({
  files: {
    "/repo/AGENTS.md": "rules",
    "/repo/snapshots/scenarios/a/turn-1.request.json": "{}",
    "/repo/snapshots-old/x": "kept",
  },
  cwd: "/repo",
});
const host = createHidingHost(base, ["/repo/snapshots/"]);

describe("createHidingHost", () => {
  it.each([
    ["the hidden folder", "/repo/snapshots", false],
    ["a file below it", "/repo/snapshots/scenarios/a/turn-1.request.json", false],
    ["a sibling whose name starts like it", "/repo/snapshots-old/x", true],
    ["anything else", "/repo/AGENTS.md", true],
  ])("%s: stat, lstat, read and realpath agree (visible: %s)", (_name, path, visible) => {
    expect([host.stat(path).ok, host.lstat(path).ok, host.readBytes(path).ok, host.realpath(path).ok]).toEqual([
      visible,
      visible,
      visible,
      visible,
    ]);
  });

  it("leaves the hidden folder out of its parent's listing", () => {
    const listed = host.readDir("/repo");
    expect(listed.ok && listed.value.map((e) => e.name)).toEqual(["AGENTS.md", "snapshots-old"]);
    expect(host.readDir("/repo/snapshots").ok).toBe(false);
  });
});
