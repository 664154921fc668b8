import { mkdtempSync, readFileSync, rmSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listSessionLogs, openSessionLogFile } from "../../../src/loop/providers/session-log-file.js";
import type { SessionRecord } from "../../../src/session/session-log.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const record = (message: string): SessionRecord => ({ timestamp: "t", type: "event_msg", payload: { type: "warning", message } });

describe("openSessionLogFile", () => {
  it("appends one newline-terminated JSON line per record", () => {
    const log = openSessionLogFile(join(dir, "a", "s.jsonl"));
    expect(log.append([record("one"), record("two")])).toBeUndefined();
    expect(log.append([record("three")])).toBeUndefined();
    expect(readFileSync(log.path, "utf8").split("\n")).toEqual([...["one", "two", "three"].map((m) => JSON.stringify(record(m))), ""]);
  });

  it("gives up with a message when another process holds the lock", () => {
    const path = join(dir, "locked.jsonl");
    writeFileSync(`${path}.lock`, "");
    const log = openSessionLogFile(path, { lockRetries: 2, lockRetryDelayMs: 1 });
    expect(log.append([record("x")])).toBe(`session log is locked by another process (${path}.lock); gave up after 2 retries`);
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
