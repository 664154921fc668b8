import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { seededRandom } from "../seeded-random.js";
import {
  discoverEnvironment,
  formatDateInZone,
  isValidTimezone,
  shellNameFromPath,
} from "../../src/discover/resolve-environment.js";

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
    expect([
      formatDateInZone(t, "Etc/UTC"),
      formatDateInZone(t, "America/New_York"),
      formatDateInZone(t, "Asia/Tokyo"),
    ]).toEqual(["2026-11-29", "2026-11-28", "2026-11-29"]);
  });
});

describe("formatDateInZone without Intl", () => {
  // UTC-like zones take an arithmetic path (no ICU start-up); it must give exactly Intl's answer.
  const viaIntl = (nowMs: number, zone: string): string => {
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(nowMs);
    const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? "";
    return `${get("year")}-${get("month")}-${get("day")}`;
  };
  const DAY = 86_400_000;
  const edges = [
    Date.UTC(1600, 0, 1),
    Date.UTC(1600, 1, 29, 23, 59, 59, 999),
    Date.UTC(1699, 11, 31, 23, 59, 59, 999),
    Date.UTC(1900, 1, 28, 12),
    Date.UTC(1900, 2, 1),
    Date.UTC(1969, 11, 31, 23, 59, 59, 999),
    0,
    Date.UTC(2000, 1, 29, 23, 59, 59, 999),
    Date.UTC(2024, 1, 29),
    Date.UTC(2026, 10, 29, 23, 59, 59, 999),
    Date.UTC(2100, 1, 28, 23, 59, 59, 999),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    Date.UTC(1599, 11, 31, 23, 59, 59, 999),
    Date.UTC(10000, 0, 1),
    Date.UTC(-50, 0, 1),
  ];
  // A deterministic spread over 1600–9999 (seeded), plus every day of 1999–2001.
  const spread: number[] = [];
  const random = seededRandom(12345);
  for (let i = 0; i < 2000; i++)
    spread.push(Date.UTC(1600, 0, 1) + Math.floor(random() * (Date.UTC(10000, 0, 1) - Date.UTC(1600, 0, 1))));
  for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2002, 0, 1); t += DAY) spread.push(t, t + DAY - 1);

  it.each(["UTC", "Etc/UTC", "GMT", "Etc/GMT"])("equals Intl's calendar day in %s", (zone) => {
    const instants = [...edges, ...spread];
    expect(instants.map((t) => formatDateInZone(t, zone))).toEqual(instants.map((t) => viaIntl(t, zone)));
  });

  it("keeps Intl for other zones and accepts exactly what Intl accepts", () => {
    expect(formatDateInZone(Date.UTC(2026, 10, 29, 20), "Asia/Tokyo")).toBe("2026-11-30");
    expect(["UTC", "Etc/UTC", "GMT", "Etc/GMT", "etc/utc", "Mars/Base", ""].map(isValidTimezone)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("discoverEnvironment", () => {
  const nowMs = Date.UTC(2026, 10, 29, 23, 30, 0);
  it("reads $SHELL, /etc/localtime, /tmp and $TMPDIR from the host", () => {
    const host = createMemoryHost({
      env: { SHELL: "/bin/zsh", TMPDIR: "/var/tmp" },
      clock: { nowMs, timezone: "Etc/UTC" },
      files: {
        "/tmp": { dir: true },
        "/etc/localtime": { symlink: "/usr/share/zoneinfo/Asia/Tokyo" },
        "/usr/share/zoneinfo/Asia/Tokyo": "TZif",
      },
    });
    expect(discoverEnvironment(host)).toEqual({
      value: { shell: "zsh", currentDate: "2026-11-30", timezone: "Asia/Tokyo", tmpExists: true, tmpdir: "/var/tmp" },
      diagnostics: [],
    });
  });

  it("prefers the account's login shell to $SHELL, as Codex 0.171.0 does", () => {
    const clock = { nowMs, timezone: "Etc/UTC" };
    expect(
      discoverEnvironment(createMemoryHost({ loginShell: "/bin/zsh", env: { SHELL: "/usr/bin/fish" }, clock })).value
        .shell,
    ).toBe("zsh");
    expect(discoverEnvironment(createMemoryHost({ env: { SHELL: "/bin/zsh" }, clock })).value.shell).toBe("zsh");
    const odd = discoverEnvironment(
      createMemoryHost({ loginShell: "/usr/bin/fish", env: { SHELL: "/bin/zsh" }, clock }),
    );
    expect([odd.value.shell, odd.diagnostics.map((d) => d.message)]).toEqual([
      "bash",
      ["the login shell `/usr/bin/fish` is not one Codex knows; using bash"],
    ]);
  });

  it("falls back to bash and the clock's zone", () => {
    const host = createMemoryHost({ env: { SHELL: "/usr/bin/fish" }, clock: { nowMs, timezone: "Etc/UTC" } });
    const r = discoverEnvironment(host);
    expect([r.value, r.diagnostics.map((d) => d.rule)]).toEqual([
      { shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC", tmpExists: false },
      ["environment/unknown-shell"],
    ]);
  });

  it("takes overrides and reports invalid ones", () => {
    const host = createMemoryHost({ clock: { nowMs, timezone: "Etc/UTC" } });
    expect(
      discoverEnvironment(host, { shell: "powershell", date: "2030-01-02", timezone: "Europe/Paris" }).value,
    ).toMatchObject({ shell: "powershell", currentDate: "2030-01-02", timezone: "Europe/Paris" });
    expect(
      discoverEnvironment(host, { date: "2030-13-02", timezone: "Mars/Base" }).diagnostics.map(
        (d) => `${d.rule}:${d.severity}`,
      ),
    ).toEqual(["environment/invalid-timezone:error", "environment/invalid-date:error"]);
  });
});
