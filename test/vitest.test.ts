import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPathRoots } from "../src/model/portable-paths.js";
import "../src/vitest.js";
import { createRequestSnapshotMatcher, serializeRequestSnapshot } from "../src/vitest.js";
import type { ResponsesRequest } from "../src/model/request.js";
import type { MessageItem } from "../src/model/items.js";

const user = (text: string): MessageItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const turn1: ResponsesRequest = {
  model: "m",
  stream: true,
  input: [user("<environment_context>\n  <cwd>/a</cwd>\n</environment_context>"), user("hello")],
  tools: [],
  tool_choice: "auto",
  parallel_tool_calls: true,
  reasoning: null,
  store: false,
  include: [],
  prompt_cache_key: "k1",
};
const turn2: ResponsesRequest = { ...turn1, input: [...turn1.input, user("again")] };
const rewritten: ResponsesRequest = {
  ...turn2,
  input: [user("<environment_context>\n  <cwd>/b</cwd>\n</environment_context>"), ...turn2.input.slice(1)],
};

describe("toExtendPrefixOf", () => {
  it("passes when the next request appends to the previous one", () => {
    expect(turn2).toExtendPrefixOf(turn1);
    expect({ request: turn2 }).toExtendPrefixOf({ request: turn1 });
  });

  it("fails with the cause when an item is rewritten in place", () => {
    expect(() => expect(rewritten).toExtendPrefixOf(turn1)).toThrow(
      /item-rewritten: input\[0\] \(user <environment_context>\) rewritten in place/,
    );
  });

  it("fails when the cache key changes, even with the same input", () => {
    expect(() => expect({ ...turn2, prompt_cache_key: "k2" }).toExtendPrefixOf(turn1)).toThrow(
      /prompt_cache_key changed from k1 to k2/,
    );
  });

  it("fails under .not when the prefix is kept", () => {
    expect(rewritten).not.toExtendPrefixOf(turn1);
    expect(() => expect(turn2).not.toExtendPrefixOf(turn1)).toThrow(/not to extend/);
  });

  it("fails on something that is not a request", () => {
    expect(() => expect(42).toExtendPrefixOf(turn1)).toThrow(/expects two requests/);
  });

  it("says where a malformed request is broken instead of crashing", () => {
    const broken = { ...turn2, input: [{ type: "message", role: "user", content: [{ type: "input_text" }] }] };
    expect(() => expect(broken).toExtendPrefixOf(turn1)).toThrow(
      /received: \$\.input\[0\]\.content\[0\]\.text must be a string/,
    );
  });
});

describe("toKeepCacheKey", () => {
  it("passes with the same key and fails with another", () => {
    expect(turn2).toKeepCacheKey(turn1);
    expect(() => expect({ ...turn2, prompt_cache_key: "k2" }).toKeepCacheKey(turn1)).toThrow(
      'expected prompt_cache_key "k1", got "k2"',
    );
  });
});

describe("toMatchRequestSnapshot", () => {
  it("passes against the stored snapshot", async () => {
    await expect(turn2).toMatchRequestSnapshot("../snapshots/vitest/turn2.request.json");
  });

  it("fails, with the file comparison's message, when the request differs", async () => {
    const seen: string[] = [];
    const matcher = createRequestSnapshotMatcher(async (text, path) => {
      seen.push(path);
      if (text !== serializeRequestSnapshot(turn2)) throw new Error("- expected\n+ received");
    });
    const r = await matcher.call({ isNot: false }, rewritten, "x.request.json");
    expect({ pass: r.pass, message: r.message(), seen }).toEqual({
      pass: false,
      message: "request does not match snapshot x.request.json:\n- expected\n+ received",
      seen: ["x.request.json"],
    });
    expect((await matcher.call({ isNot: false }, { request: turn2 }, "x.request.json")).pass).toBe(true);
    expect((await matcher.call({ isNot: false }, "nope", "x.request.json")).pass).toBe(false);
  });

  it("writes the checkout and the home as placeholders, so the snapshot matches in any clone", async () => {
    const checkout = join(import.meta.dirname, "..");
    const request = {
      ...turn1,
      input: [
        user(`<environment_context>\n  <cwd>${checkout}/app</cwd>\n</environment_context>`),
        user(`see ${homedir()}/notes`),
      ],
    };
    await expect(request).toMatchRequestSnapshot("../snapshots/vitest/portable.request.json");
    const seen: string[] = [];
    const roots = buildPathRoots({ rootDir: "/elsewhere/clone", homeDir: "/home/bob" });
    const matcher = createRequestSnapshotMatcher(
      async (text) => void seen.push(text),
      () => roots,
    );
    const moved = {
      ...request,
      input: [
        user("<environment_context>\n  <cwd>/elsewhere/clone/app</cwd>\n</environment_context>"),
        user("see /home/bob/notes"),
      ],
    };
    await matcher.call({ isNot: false }, moved, "x.request.json");
    expect(seen).toEqual([
      readFileSync(join(import.meta.dirname, "../snapshots/vitest/portable.request.json"), "utf8"),
    ]);
  });

  it("serialises the body with its key order, indented, newline-terminated", () => {
    expect(serializeRequestSnapshot({ model: "m", input: [] })).toBe('{\n  "model": "m",\n  "input": []\n}\n');
  });
});
