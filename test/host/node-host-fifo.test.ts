// A named FIFO must never hang discovery: with no writer it reads as empty; with a writer (process substitution,
// `mkfifo` + a producer) it waits for the data, like cat.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-fifo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fifo(name: string): string {
  const path = join(dir, name);
  expect(spawnSync("mkfifo", [path]).status).toBe(0);
  return path;
}

describe("createNodeHost readBytes on a FIFO", () => {
  it("returns empty bytes at once when nobody writes", () => {
    const r = createNodeHost().readBytes(fifo("idle"));
    expect(r).toEqual({ ok: true, value: { bytes: new Uint8Array(0), size: 0, truncated: false } });
  });

  it("waits for a writer that is already connected and reads all it writes", async () => {
    const path = fifo("busy");
    // A spare reader lets the writer open its end; it says "ready" once connected, then writes after a pause,
    // so the read below starts with a connected writer and no data: it must wait, not return early.
    const spare = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = spawn("bash", [
      "-c",
      `exec 3>${JSON.stringify(path)}; echo ready; sleep 0.3; printf 'late data' >&3`,
    ]);
    await new Promise((resolve) => writer.stdout.once("data", resolve));
    const r = createNodeHost().readBytes(path);
    await new Promise((resolve) => writer.on("exit", resolve));
    closeSync(spare);
    expect(r.ok && new TextDecoder().decode(r.value.bytes)).toBe("late data");
  });
});
