import { describe, expect, it } from "vitest";
import { fallbackModelLayout, type CodexModelLayout } from "../../../src/profiles/codex-models/codex-model-layout.js";
import { withSessionMultiAgentTools } from "../../../src/profiles/codex-models/multi-agent-tools.js";

const t = (name: string) => ({ type: "function", name });
const V1 = { type: "namespace", name: "multi_agent_v1", tools: [] };
const V2 = { type: "namespace", name: "collaboration", tools: [] };
const SEARCH = { type: "tool_search" };
const SPECS = { v1: V1, v2: V2 };

function layout(
  placement: "request" | "input-item",
  multiAgent: string | undefined,
  toolSearch: boolean,
): CodexModelLayout {
  const base = fallbackModelLayout("test-model");
  return {
    ...base,
    tools: { placement, toolSearch, experimental: [], ...(multiAgent ? { multiAgent } : {}) },
  };
}

describe("withSessionMultiAgentTools", () => {
  const classic = [t("exec_command"), t("view_image"), t("get_goal"), SEARCH, t("web_search")];
  const fallback = [t("exec_command"), t("view_image"), V1, t("get_goal")];
  const code = [{ type: "namespace", name: "functions" }, { type: "namespace", name: "clock" }, V2];
  it.each([
    // [name, list, layout, expected]
    ["a list already in the layout's shape is unchanged", classic, layout("request", "v1", true), classic],
    [
      "classic in a v2 session: no tool search, collaboration after view_image",
      classic,
      layout("request", "v2", false),
      [t("exec_command"), t("view_image"), V2, t("get_goal"), t("web_search")],
    ],
    [
      "fallback in a v2 session: collaboration where multi_agent_v1 was",
      fallback,
      layout("request", "v2", false),
      [t("exec_command"), t("view_image"), V2, t("get_goal")],
    ],
    [
      "code mode in a v1 session: the collaboration namespace goes (v1 is deferred)",
      code,
      layout("input-item", "v1", false),
      code.slice(0, 2),
    ],
    [
      "code mode without it in a v2 session: collaboration last",
      code.slice(0, 2),
      layout("input-item", "v2", false),
      code,
    ],
  ] as const)("%s", (_name, list, l, expected) => {
    expect(withSessionMultiAgentTools(list, l, SPECS)).toEqual(expected);
  });

  it("leaves out a version whose JSON no family showed", () => {
    expect(withSessionMultiAgentTools(classic, layout("request", "v2", false), {})).toEqual([
      t("exec_command"),
      t("view_image"),
      t("get_goal"),
      t("web_search"),
    ]);
  });
});
