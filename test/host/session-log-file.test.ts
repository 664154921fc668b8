import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listSessionLogs, openSessionLogFile } from "../../src/host/session-log-file.js";
import { bundleForChild } from "../bundle-for-child.js";
import type { SessionRecord } from "../../src/session-log/session-log.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const record = (message: string): SessionRecord => ({
  timestamp: "t",
  type: "event_msg",
  payload: { type: "warning", message },
});

describe("openSessionLogFile", () => {
  it("appends one newline-terminated JSON line per record", () => {
    const log = openSessionLogFile(join(dir, "a", "s.jsonl"));
    expect(log.append([record("one"), record("two")])).toBeUndefined();
    expect(log.append([record("three")])).toBeUndefined();
    expect(readFileSync(log.path, "utf8").split("\n")).toEqual([
      ...["one", "two", "three"].map((m) => JSON.stringify(record(m))),
      "",
    ]);
  });

  it("ends a line cut off by a crash before appending, so no record fuses with it", () => {
    const path = join(dir, "crashed.jsonl");
    writeFileSync(path, `${JSON.stringify(record("whole"))}\n{"timestamp":"t","type":"event_`);
    expect(openSessionLogFile(path).append([record("after")])).toBeUndefined();
    expect(readFileSync(path, "utf8").split("\n")).toEqual([
      JSON.stringify(record("whole")),
      '{"timestamp":"t","type":"event_',
      JSON.stringify(record("after")),
      "",
    ]);
  });

  it("lets two processes append to one log at once: both finish, every line whole", async () => {
    const script = join(dir, "append.mjs");
    bundleForChild(
      `import { openSessionLogFile } from "./src/host/session-log-file.ts";
        const [path, who] = process.argv.slice(2);
        const log = openSessionLogFile(path, { lockRetries: 1000, lockRetryDelayMs: 1 });
        for (let i = 0; i < 200; i++) { const e = log.append([{ timestamp: "t", type: "event_msg", payload: { type: "warning", message: who + i + "x".repeat(5000) } }]); if (e) throw new Error(e); }`,
      script,
    );
    const path = join(dir, "shared.jsonl");
    const codes = await Promise.all(
      ["a", "b"].map(
        (who) =>
          new Promise((resolve) =>
            spawn(process.execPath, [script, path, who], { stdio: "inherit" }).on("close", resolve),
          ),
      ),
    );
    expect(codes).toEqual([0, 0]);
    const messages = readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) =>
        (JSON.parse(line) as { payload: { message: string } }).payload.message.slice(0, 4).replace(/x+$/, ""),
      );
    expect([...messages].sort()).toEqual(
      [...Array.from({ length: 200 }, (_, i) => `a${i}`), ...Array.from({ length: 200 }, (_, i) => `b${i}`)].sort(),
    );
  });

  it("throws ENOENT for a directory that cannot be made (under /proc, where recursive mkdir never returns)", () => {
    expect(() => openSessionLogFile("/proc/promptc-no-such-dir/s.jsonl")).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
  });

  it("gives up with a message when another process holds the lock", () => {
    const path = join(dir, "locked.jsonl");
    writeFileSync(`${path}.lock`, "");
    const log = openSessionLogFile(path, { lockRetries: 2, lockRetryDelayMs: 1 });
    expect(log.append([record("x")])).toBe(
      `session log is locked by another process (${path}.lock); gave up after 2 retries`,
    );
  });

  it("breaks a stale lock", () => {
    const path = join(dir, "stale.jsonl");
    writeFileSync(`${path}.lock`, "");
    utimesSync(`${path}.lock`, new Date(0), new Date(0));
    expect(openSessionLogFile(path, { lockRetries: 0 }).append([record("x")])).toBeUndefined();
  });
});

describe("listSessionLogs", () => {
  it("lists .jsonl files newest first and stops at the scan limit", () => {
    const d = mkdtempSync(join(dir, "list-"));
    writeFileSync(join(d, "old.jsonl"), "");
    writeFileSync(join(d, "new.jsonl"), "");
    writeFileSync(join(d, "note.txt"), "");
    utimesSync(join(d, "old.jsonl"), new Date(1000), new Date(1000));
    expect(listSessionLogs(d).files.map((f) => f.path)).toEqual([join(d, "new.jsonl"), join(d, "old.jsonl")]);
    expect(listSessionLogs(d, 1)).toMatchObject({ truncated: true });
  });
});
