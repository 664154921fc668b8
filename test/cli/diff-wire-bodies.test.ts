// `promptc diff` over two Anthropic Messages bodies (a Claude Code session's first and next request): the first
// request's cached prefix is kept though the system message turned into a string and the breakpoint moved on.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-diff-wire-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mark = { type: "ephemeral" };
const system = [
  { type: "text", text: "billing" },
  { type: "text", text: "rules ".repeat(400), cache_control: mark },
];
const first = {
  model: "m",
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "ctx" },
        { type: "text", text: "ask" },
      ],
    },
    { role: "system", content: [{ type: "text", text: "env ".repeat(300), cache_control: mark }] },
  ],
  system,
};
const next = {
  ...first,
  messages: [
    first.messages[0],
    { role: "system", content: "env ".repeat(300) },
    { role: "assistant", content: [{ type: "text", text: "Done." }] },
    { role: "user", content: [{ type: "text", text: "again", cache_control: mark }] },
  ],
};

async function diff(a: object, b: object) {
  writeFileSync(join(dir, "a.json"), JSON.stringify(a));
  writeFileSync(join(dir, "b.json"), JSON.stringify(b));
  let out = "";
  const io: CliIO = { stdout: (s) => void (out += s), stderr: () => {}, isTTY: false, env: {}, cwd: dir };
  const code = await run(["diff", "a.json", "b.json", "--approx", "--json"], io);
  return { code, report: JSON.parse(out) as { commonItems: number; divergence: { itemIndex?: number } | null } };
}

describe("promptc diff over Anthropic Messages bodies", () => {
  it("sees the next request of a session extend the first", async () => {
    const r = await diff(first, next);
    expect(r.code).toBe(0);
    expect(r.report.commonItems).toBe(2);
    expect(r.report.divergence).toBeNull();
  });

  it("names the first message whose content changed", async () => {
    const edited = { ...next, messages: [first.messages[0], { role: "system", content: "env changed" }] };
    const r = await diff(first, edited);
    expect(r.code).toBe(1);
    expect(r.report.divergence?.itemIndex).toBe(1);
  });
});
