import { describe, expect, it } from "vitest";
import { formatIsoDatetimeInZone } from "../../src/discover/resolve-environment.js";

describe("formatIsoDatetimeInZone", () => {
  const ms = Date.UTC(2026, 11, 1, 7, 30, 11, 767);
  it.each([
    ["UTC", "2026-12-01T07:30:11.767+00:00"],
    ["Asia/Kolkata", "2026-12-01T13:00:11.767+05:30"],
    ["America/New_York", "2026-12-01T02:30:11.767-05:00"],
  ])("writes local time with milliseconds and the offset in %s", (zone, expected) => {
    expect(formatIsoDatetimeInZone(ms, zone)).toBe(expected);
  });

  it("pads milliseconds and keeps midnight as 00", () => {
    expect(formatIsoDatetimeInZone(Date.UTC(2026, 0, 2, 0, 0, 0, 5), "UTC")).toBe("2026-01-02T00:00:00.005+00:00");
  });
});
