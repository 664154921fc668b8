import { describe, expect, it } from "vitest";
import { normalizeHistory } from "../../src/session/normalize-history.js";

const IMAGE_OMITTED_TEXT = "(no image)";
import type { ResponseItem } from "../../src/model/items.js";

const call = (id: string): ResponseItem => ({ type: "function_call", name: "shell", arguments: "{}", call_id: id });
const out = (id: string, output = "ok"): ResponseItem => ({ type: "function_call_output", call_id: id, output });
const custom = (id: string): ResponseItem => ({
  type: "custom_tool_call",
  name: "apply_patch",
  input: "*** Begin",
  call_id: id,
});
const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const ghost: ResponseItem = {
  type: "ghost_snapshot",
  ghost_commit: { id: "abc", parent: null, preexisting_untracked_files: [], preexisting_untracked_dirs: [] },
};
const image: ResponseItem = {
  type: "message",
  role: "user",
  content: [
    { type: "input_text", text: "look" },
    { type: "input_image", image_url: "data:image/png;base64,AA" },
  ],
};

describe("normalizeHistory", () => {
  it.each<{ name: string; items: ResponseItem[]; supportsImages?: boolean; value: ResponseItem[]; rules: string[] }>([
    {
      name: "paired calls are untouched",
      items: [user("a"), call("c1"), out("c1")],
      value: [user("a"), call("c1"), out("c1")],
      rules: [],
    },
    {
      name: "a call without output gets an aborted output right after it",
      items: [call("c1"), user("b")],
      value: [call("c1"), out("c1", "aborted"), user("b")],
      rules: ["history/missing-call-output"],
    },
    {
      name: "a custom call without output gets a custom aborted output",
      items: [custom("k")],
      value: [custom("k"), { type: "custom_tool_call_output", call_id: "k", output: "aborted" }],
      rules: ["history/missing-call-output"],
    },
    {
      name: "an orphan output is removed",
      items: [user("a"), out("zz")],
      value: [user("a")],
      rules: ["history/orphan-call-output"],
    },
    {
      name: "an output of the wrong kind does not pair",
      items: [custom("k"), out("k")],
      value: [custom("k"), { type: "custom_tool_call_output", call_id: "k", output: "aborted" }],
      rules: ["history/missing-call-output", "history/orphan-call-output"],
    },
    { name: "ghost snapshots are never sent", items: [user("a"), ghost], value: [user("a")], rules: [] },
    { name: "images stay for image models", items: [image], supportsImages: true, value: [image], rules: [] },
    {
      name: "images are replaced for text-only models",
      items: [
        image,
        { type: "function_call", name: "view_image", arguments: "{}", call_id: "v" },
        { type: "function_call_output", call_id: "v", output: [{ type: "input_image", image_url: "https://x/y.png" }] },
      ],
      value: [
        {
          type: "message",
          role: "user",
          content: [
            { type: "input_text", text: "look" },
            { type: "input_text", text: IMAGE_OMITTED_TEXT },
          ],
        },
        { type: "function_call", name: "view_image", arguments: "{}", call_id: "v" },
        { type: "function_call_output", call_id: "v", output: [{ type: "input_text", text: IMAGE_OMITTED_TEXT }] },
      ],
      rules: ["history/image-omitted"],
    },
  ])("$name", ({ items, supportsImages = false, value, rules }) => {
    const r = normalizeHistory(items, { supportsImages, imageOmittedText: IMAGE_OMITTED_TEXT });
    expect(r.value).toEqual(value);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(rules);
  });

  it("does not mutate its input", () => {
    const items = [image, call("c1")];
    const copy = structuredClone(items);
    normalizeHistory(items, { supportsImages: false, imageOmittedText: IMAGE_OMITTED_TEXT });
    expect(items).toEqual(copy);
  });
});
