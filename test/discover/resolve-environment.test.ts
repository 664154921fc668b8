import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { discoverEnvironment, formatDateInZone, shellNameFromPath } from "../../src/discover/resolve-environment.js";

describe("shellNameFromPath", () => {
  it.each<[string, string | undefined]>([
    ["/bin/zsh", "zsh"],
    ["/usr/local/bin/bash", "bash"],
    ["C:\\Program Files\\PowerShell\\7\\pwsh.exe", "powershell"],
    ["/bin/sh", "sh"],
    ["cmd.exe", "cmd"],
    ["/usr/bin/fish", undefined],
  ])("%s → %s", (path, name) => {
    expect(shellNameFromPath(path)).toBe(name);
  });
});

describe("formatDateInZone", () => {
  it("uses the zone's calendar day", () => {
    const t = Date.UTC(2026, 10, 29, 2, 0, 0);
    expect([formatDateInZone(t, "Etc/UTC"), formatDateInZone(t, "America/New_York"), formatDateInZone(t, "Asia/Tokyo")]).toEqual(["2026-11-29", "2026-11-28", "2026-11-29"]);
  });
});

describe("discoverEnvironment", () => {
  const nowMs = Date.UTC(2026, 10, 29, 23, 30, 0);
  it("reads $SHELL, /etc/localtime, /tmp and $TMPDIR from the host", () => {
    const host = createMemoryHost({
      env: { SHELL: "/bin/zsh", TMPDIR: "/var/tmp" },
      clock: { nowMs, timezone: "Etc/UTC" },
      files: { "/tmp": { dir: true }, "/etc/localtime": { symlink: "/usr/share/zoneinfo/Asia/Tokyo" }, "/usr/share/zoneinfo/Asia/Tokyo": "TZif" },
    });
    expect(discoverEnvironment(host)).toEqual({
      value: { shell: "zsh", currentDate: "2026-11-30", timezone: "Asia/Tokyo", tmpExists: true, tmpdir: "/var/tmp" },
      diagnostics: [],
    });
  });

  it("falls back to bash and the clock's zone", () => {
    const host = createMemoryHost({ env: { SHELL: "/usr/bin/fish" }, clock: { nowMs, timezone: "Etc/UTC" } });
    const r = discoverEnvironment(host);
    expect([r.value, r.diagnostics.map((d) => d.rule)]).toEqual([{ shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC", tmpExists: false }, ["environment/unknown-shell"]]);
  });

  it("takes overrides and reports invalid ones", () => {
    const host = createMemoryHost({ clock: { nowMs, timezone: "Etc/UTC" } });
    expect(discoverEnvironment(host, { shell: "powershell", date: "2030-01-02", timezone: "Europe/Paris" }).value).toMatchObject({ shell: "powershell", currentDate: "2030-01-02", timezone: "Europe/Paris" });
    expect(discoverEnvironment(host, { date: "2030-13-02", timezone: "Mars/Base" }).diagnostics.map((d) => `${d.rule}:${d.severity}`)).toEqual([
      "environment/invalid-timezone:error",
      "environment/invalid-date:error",
    ]);
  });
});
