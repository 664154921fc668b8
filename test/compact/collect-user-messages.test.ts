import { describe, expect, it } from "vitest";
import { classifyUserMessage, collectUserMessages } from "../../src/compact/collect-user-messages.js";
import { agents, assistant, call, dev, ghost, matcher, skill, summary, user } from "./items.js";

describe("collectUserMessages", () => {
  it("keeps only real user messages", () => {
    const history = [
      agents("/repo", "rules"),
      user("<ENVIRONMENT_CONTEXT>cwd=/tmp</ENVIRONMENT_CONTEXT>"),
      user("real user message"),
      assistant("hi"),
      call("c1"),
    ];
    expect(collectUserMessages(history, matcher)).toEqual(["real user message"]);
  });

  it("skips earlier summaries by prefix and by known text", () => {
    const history = [user("one"), user(summary("old")), user("exact known summary"), user("two")];
    expect(
      collectUserMessages(history, { prefixes: matcher.prefixes, texts: new Set(["exact known summary"]) }),
    ).toEqual(["one", "two"]);
  });

  it("concatenates a message's text parts without a separator", () => {
    const msg = {
      type: "message" as const,
      role: "user" as const,
      content: [
        { type: "input_text" as const, text: "a" },
        { type: "input_image" as const, image_url: "x" },
        { type: "input_text" as const, text: "b" },
      ],
    };
    expect(collectUserMessages([msg], matcher)).toEqual(["ab"]);
  });
});

describe("classifyUserMessage", () => {
  it.each([
    [user("  <Turn_Aborted>\nstop\n</TURN_ABORTED>  "), "contextual"],
    [user("<subagent_notification>{}</subagent_notification>"), "contextual"],
    [user("<user_shell_command>ls</user_shell_command>"), "contextual"],
    [skill("alpha"), "contextual"],
    [user(summary("x")), "summary"],
    [user(`${"TEST SUMMARY PREFIX"}without newline`), "real"],
    [user("<skill> but no closing tag"), "real"],
    [dev("developer text"), undefined],
    [ghost("g1"), undefined],
  ])("classifies %j as %s", (item, kind) => {
    expect(classifyUserMessage(item, matcher)).toBe(kind);
  });
});
