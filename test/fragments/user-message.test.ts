import { describe, expect, it } from "vitest";
import { buildUserMessageParts, MAX_USER_INPUT_TEXT_CHARS } from "../../src/fragments/user-message.js";

describe("buildUserMessageParts", () => {
  it("wraps a local image as 0.171.0 does and puts the text last", () => {
    expect(
      buildUserMessageParts({
        text: "look",
        images: [],
        localImages: [{ path: "/x/img.png", url: "data:image/png;base64,AA" }],
      }),
    ).toEqual({
      parts: [
        { type: "input_text", text: '<image name=[Image #1] path="/x/img.png">' },
        { type: "input_image", image_url: "data:image/png;base64,AA" },
        { type: "input_text", text: "</image>" },
        { type: "input_text", text: "look" },
      ],
      textIndex: 3,
      diagnostics: [],
    });
  });

  it("accepts exactly the limit and rejects one character more, naming Codex's limit", () => {
    expect(buildUserMessageParts({ text: "a".repeat(MAX_USER_INPUT_TEXT_CHARS), images: [] }).diagnostics).toEqual([]);
    const over = buildUserMessageParts({ text: "😀".repeat(MAX_USER_INPUT_TEXT_CHARS + 1), images: [] });
    expect(over.diagnostics).toEqual([
      {
        rule: "user-message/too-long",
        severity: "error",
        message:
          "user message has 1048577 characters; Codex rejects input over 1048576 characters (MAX_USER_INPUT_TEXT_CHARS)",
        data: { chars: 1048577, limit: 1048576 },
      },
    ]);
  });
});
