import { describe, expect, it } from "vitest";
import type { CapturedRequest } from "../../../src/capture/captured-request.js";
import { buildRequestView } from "../../../src/capture/request-view.js";
import { formatRequestView } from "../../../src/cli/format/capture-text.js";
import { createStyle } from "../../../src/cli/format/style.js";

const m = (role: string, text: string) => ({ type: "message", role, content: [{ type: "input_text", text }] });

function captured(body: object): { req: CapturedRequest; text: string } {
  const text = JSON.stringify(body);
  const req: CapturedRequest = {
    seq: 1,
    method: "POST",
    url: "/v1/responses",
    headers: {},
    body: new TextEncoder().encode(text),
    encoding: "identity",
    decoded: true,
    reply: { kind: "model", status: 200 },
    diagnostics: [],
  };
  return { req, text };
}

describe("formatRequestView", () => {
  it("keeps the tokens column aligned when a role or fragment id is longer than the default column", () => {
    const section = "<collaboration_mode># Collaboration Mode: Default</collaboration_mode>";
    const { req, text } = captured({
      model: "m",
      input: [
        { type: "additional_tools", id: "at_1", tools: [] },
        m("developer", "Base"),
        m("developer", section),
        m("user", "hi"),
      ],
    });
    const view = buildRequestView(text);
    const ids = view.fragments.map((f) => f.id);
    expect(ids.some((id) => id.length > 28) || view.fragments.some((f) => f.role.length > 10)).toBe(true);
    const out = formatRequestView(req, view, createStyle(false), 1000);
    const lines = out.split("\n");
    const header = lines.find((l) => l.trimStart().startsWith("where"))!;
    const rows = lines.slice(lines.indexOf(header) + 1, lines.indexOf(header) + 1 + view.fragments.length);
    const tokensEnd = header.indexOf("tokens") + "tokens".length;
    // Every row's token count ends where the header's `tokens` ends (right-aligned column).
    expect(rows.map((r, i) => r.slice(0, tokensEnd).trimEnd().endsWith(String(view.fragments[i]!.tokens)))).toEqual(
      view.fragments.map(() => true),
    );
  });
});
