import { describe, expect, it } from "vitest";
import {
  contentItemsToText,
  formatSummary,
  isSummaryText,
  summaryReplyFromHistory,
} from "../../src/compact/summary.js";
import { assistant, user } from "./items.js";

describe("contentItemsToText", () => {
  it("joins non-empty segments with newlines", () => {
    expect(
      contentItemsToText([
        { type: "input_text", text: "hello" },
        { type: "output_text", text: "" },
        { type: "output_text", text: "world" },
      ]),
    ).toBe("hello\nworld");
  });
  it("returns undefined for image-only content", () => {
    expect(contentItemsToText([{ type: "input_image", image_url: "data:image/png;base64,AA" }])).toBeUndefined();
  });
});

describe("formatSummary", () => {
  it("joins prefix and reply with one newline", () => {
    expect(formatSummary("P", "reply")).toBe("P\nreply");
  });
});

describe("isSummaryText", () => {
  it.each([
    ["P\nreply", true],
    ["P\n", true],
    ["Preply", false],
    ["known", true],
    ["other", false],
  ])("recognises %j: %s", (text, expected) => {
    expect(isSummaryText(text, { prefixes: ["P"], texts: new Set(["known"]) })).toBe(expected);
  });
  it("never treats every text as a summary when the prefix is empty", () => {
    expect(isSummaryText("\nanything", { prefixes: [""] })).toBe(false);
  });
});

describe("summaryReplyFromHistory", () => {
  it("takes the newest assistant message's text", () => {
    expect(summaryReplyFromHistory([assistant("old"), user("u"), assistant("new")])).toBe("new");
  });
  it("is empty when no assistant spoke", () => {
    expect(summaryReplyFromHistory([user("u")])).toBe("");
  });
});
