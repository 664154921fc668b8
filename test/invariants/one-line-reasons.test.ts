import { describe, expect, it } from "vitest";
import { calibrateProse } from "../../src/capture/calibrate-prose.js";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { buildRequestView } from "../../src/capture/request-view.js";
import { createToolRegistry } from "../../src/loop/tools/tool-registry.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { echoTool } from "../loop/helpers/loop-fixtures.js";

// JSON.parse quotes the bad text (line breaks included) and yaml appends a code frame: neither reaches a reason.
const BROKEN_JSON = '{"input":\n  [1,\n  x]\n}';

const reasons: [string, () => string[]][] = [
  ["parseSessionLog", () => parseSessionLog(BROKEN_JSON).diagnostics.map((d) => d.message)],
  ["calibrateProse", () => calibrateProse([{ file: "a.json", body: BROKEN_JSON }]).diagnostics.map((d) => d.message)],
  ["buildRequestView", () => buildRequestView(BROKEN_JSON).diagnostics.map((d) => d.message)],
  [
    "createToolRegistry().check",
    () => {
      const r = createToolRegistry([echoTool]).check("echo", BROKEN_JSON);
      return r.ok ? [] : [r.message];
    },
  ],
  [
    "parseReplyScript",
    () => parseReplyScript("replies:\n  - a: b\n   c: d: e\n", "r.yaml").diagnostics.map((d) => d.message),
  ],
];

describe("one-line reasons", () => {
  it.each(reasons)("%s reports a parse error on one line", (_, messages) => {
    const out = messages();
    expect(out.length).toBeGreaterThan(0);
    for (const m of out) expect(m).not.toMatch(/[\r\n]/);
  });
});
