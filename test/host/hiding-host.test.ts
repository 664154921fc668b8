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
});
