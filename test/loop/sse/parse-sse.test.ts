import { describe, expect, it } from "vitest";
import { createSseParser } from "../../../src/loop/sse/parse-sse.js";

describe("createSseParser", () => {
  it("joins data lines and dispatches on a blank line", () => {
    const p = createSseParser();
    expect(p.push("event: a\ndata: one\ndata: two\n\n")).toEqual({
      messages: [{ event: "a", data: "one\ntwo", raw: "event: a\ndata: one\ndata: two" }],
      problems: [],
    });
  });

  it("reassembles events split across chunks, including a split CRLF", () => {
    const p = createSseParser();
    const out = [p.push("da"), p.push("ta: x\r"), p.push("\n\r\n")];
    expect(out.flatMap((o) => o.messages)).toEqual([{ event: "message", data: "x", raw: "data: x" }]);
  });

  it("skips comments and reports unknown fields with the raw line", () => {
    const p = createSseParser();
    expect(p.push(": keep-alive\nthis is garbage\ndata: y\n\n")).toEqual({
      messages: [{ event: "message", data: "y", raw: "data: y" }],
      problems: [{ raw: "this is garbage", reason: 'unknown SSE field "this is garbage"' }],
    });
  });

  it("dispatches a final event without its blank line at end()", () => {
    const p = createSseParser();
    expect(p.push("data: last")).toEqual({ messages: [], problems: [] });
    expect(p.end()).toEqual({ messages: [{ event: "message", data: "last", raw: "data: last" }], problems: [] });
  });

  it("keeps the id and strips one leading space only", () => {
    const p = createSseParser();
    expect(p.push("id: 7\ndata:  two spaces\n\n").messages).toEqual([
      { event: "message", data: " two spaces", id: "7", raw: "id: 7\ndata:  two spaces" },
    ]);
  });
});
