// The session log's line cap holds for every verb that reads a log: `diff LOG` and `run --resume` read it through
// the same reader as `preview --session` and `compact`, so a line over the cap is skipped with a warning.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { readResumed } from "../../src/cli/commands/run/read-resumed.js";
import { SESSION_LOG_MAX_LINE_BYTES } from "../../src/session-log/read-session-log.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const dir = tempDir("promptc-hostile-line-cap-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const message = (role: string, text: string) =>
  JSON.stringify({
    timestamp: "t",
    type: "response_item",
    payload: { type: "message", role, content: [{ type: role === "user" ? "input_text" : "output_text", text }] },
  });
const HUGE = "x".repeat(SESSION_LOG_MAX_LINE_BYTES + 1);
const log = join(dir, "rollout.jsonl");
writeFileSync(
  log,
  [
    JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s-1", cwd: "/r" } }),
    message("user", "one"),
    message("assistant", "first"),
    message("user", HUGE),
    message("user", "two"),
    message("assistant", "second"),
    "",
  ].join("\n"),
);
const WARNING = `line 4 is ${HUGE.length + message("user", "").length} bytes, over the ${SESSION_LOG_MAX_LINE_BYTES}-byte limit for one line; skipped`;

describe("a session log line over the cap", () => {
  it("is skipped with a warning by diff LOG", async () => {
    const c = capture(dir, {});
    await run(["diff", "--no-color", "rollout.jsonl"], c.io);
    expect(c.err()).toContain(`warning: ${WARNING}`);
    expect(c.out()).not.toContain("xxxxxxxx");
    expect(c.out()).toContain("request 2");
  });

  it("is skipped with a warning by run --resume", () => {
    const c = capture(dir, {});
    const resumed = readResumed("rollout.jsonl", dir, c.io);
    if (typeof resumed === "string") throw new Error(resumed);
    expect(c.err()).toContain(`warning: ${WARNING}`);
    const texts = resumed.history.map((i) => (i.type === "message" ? (i.content[0] as { text: string }).text : ""));
    expect(texts).toEqual(["one", "first", "two", "second"]);
  });
});
