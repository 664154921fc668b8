import { describe, expect, it } from "vitest";
import {
  codexItemBytes,
  estimateHistoryTokens,
  estimateItemTokens,
  estimatePiMessageTokens,
  estimatePiTokens,
} from "../../src/compact/estimate-tokens.js";
import type { ResponseItem } from "../../src/model/items.js";
import { call, compaction, ghost, output, user } from "./items.js";

const image = (url: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_image", image_url: url }],
});

describe("estimateHistoryTokens", () => {
  it("charges the base instructions at ceil(bytes/4)", () => {
    const items = [user("hello")];
    expect(
      estimateHistoryTokens(items, { baseInstructions: "x".repeat(1000) }) -
        estimateHistoryTokens(items, { baseInstructions: "short" }),
    ).toBe(248);
  });

  it("matches codex-cli 0.171.0's post-compaction recount with the text method", () => {
    // 0.171.0 charged each message ceil(Σ text bytes / 4): dev parts 2117+341 → 615, not 530+86.
    const devMsg: ResponseItem = {
      type: "message",
      role: "developer",
      content: [
        { type: "input_text", text: "d".repeat(2117) },
        { type: "input_text", text: "e".repeat(341) },
      ],
    };
    expect(
      estimateHistoryTokens([devMsg, user("first task")], { baseInstructions: "b".repeat(20_903), method: "text" }),
    ).toBe(5226 + 615 + 3);
  });
});

describe("estimateItemTokens", () => {
  it.each([
    [
      "a message as its JSON without id (json)",
      { ...user("hi"), id: "msg_1" },
      Math.ceil(JSON.stringify(user("hi")).length / 4),
    ],
    ["a ghost snapshot as zero", ghost("g"), 0],
    ["a compaction blob as len·3/4 − 650 bytes", compaction("E".repeat(2000)), Math.ceil((1500 - 650) / 4)],
    ["a small compaction blob as zero", compaction("E".repeat(100)), 0],
    ["a function call as its JSON", call("c1", '{"a":1}'), Math.ceil(JSON.stringify(call("c1", '{"a":1}')).length / 4)],
  ])("estimates %s", (_name, item, expected) => {
    expect(estimateItemTokens(item, "json")).toBe(expected);
  });

  it.each(["json", "text"] as const)("charges an inline image a fixed 7373 bytes whatever its size (%s)", (method) => {
    const small = codexItemBytes(image("data:image/png;base64,AAAA"), method);
    const big = codexItemBytes(image("data:image/png;base64," + "A".repeat(100_000)), method);
    expect(small).toBe(big);
    expect(small).toBe(method === "json" ? JSON.stringify(image("data:image/png;base64,")).length + 7373 : 7373);
  });

  // codex-cli 0.171.0, bisecting model_auto_compact_token_limit with a scripted exec_command.
  const EXEC_HEAD = "Chunk ID: 781d67\nWall time: 0.2181 seconds\nProcess exited with code 0\nOriginal token count: ";
  it.each([
    ["a short output, call_1", "call_1", `${EXEC_HEAD}4\nOutput:\nhi-from-tool\n`, 31],
    ["a 400-character output, call_1", "call_1", `${EXEC_HEAD}100\nOutput:\n${"a".repeat(400)}`, 128],
    [
      "a short output, a 41-byte call id",
      `call_${"0123456789abcdef".repeat(2)}0123`,
      `${EXEC_HEAD}4\nOutput:\nhi-from-tool\n`,
      39,
    ],
  ])("charges a tool output its text + call_id as 0.171.0 did: %s", (_name, callId, text, observed) => {
    expect(estimateItemTokens({ type: "function_call_output", call_id: callId, output: text })).toBe(observed);
    expect(estimateItemTokens({ type: "function_call_output", call_id: callId, output: text }, "json")).not.toBe(
      observed,
    );
  });

  it("defaults to the text method (codex-cli 0.171.0)", () => {
    expect(estimateItemTokens(user("12345678"))).toBe(estimateItemTokens(user("12345678"), "text"));
    expect(estimateItemTokens(user("12345678"))).not.toBe(estimateItemTokens(user("12345678"), "json"));
  });

  it("charges only text parts with the text method", () => {
    expect(estimateItemTokens(user("12345678"), "text")).toBe(2);
  });
});

describe("estimatePiTokens", () => {
  it.each([
    ["a message by characters", user("x".repeat(9)), 3],
    ["a user message's image as nothing", image("https://x/y.png"), 0],
    [
      "a tool result's image as 4800 characters",
      { ...output("c", ""), output: [{ type: "input_image" as const, image_url: "https://x/y.png" }] },
      1200,
    ],
    ["a tool call as name plus arguments", call("c", "{}"), 2],
    ["a ghost snapshot as zero", ghost("g"), 0],
  ])("estimates %s", (_name, item, expected) => {
    expect(estimatePiTokens(item)).toBe(expected);
  });

  it("rounds an assistant reply up once, over its text and tool call together", () => {
    const reply = [
      { type: "message" as const, role: "assistant" as const, content: [{ type: "output_text" as const, text: "a" }] },
      call("c", "{}"),
    ];
    expect(estimatePiMessageTokens(reply)).toBe(2); // ceil((1 + 5 + 2) / 4), not ceil(1/4) + ceil(7/4) = 3
  });
});
