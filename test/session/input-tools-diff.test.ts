import { describe, expect, it } from "vitest";
import { diffInputTools } from "../../src/session/input-tools-diff.js";

const fn = (name: string, description = "d") => ({ type: "function", name, description });
const ns = (name: string, tools: unknown[]) => ({ type: "namespace", name, description: "", tools });

describe("diffInputTools", () => {
  it.each([
    ["nothing changed", [ns("functions", [fn("exec")])], [ns("functions", [fn("exec")])], [], [], []],
    [
      "a redefined and an added tool: their namespace with only them",
      [ns("functions", [fn("exec"), fn("wait")])],
      [ns("functions", [fn("exec", "new"), fn("wait"), fn("ask")])],
      [ns("functions", [fn("exec", "new"), fn("ask")])],
      [],
      [],
    ],
    [
      "a namespace gone and a tool gone from one that stays",
      [ns("functions", [fn("exec"), fn("ask")]), ns("clock", [fn("sleep")])],
      [ns("functions", [fn("exec")])],
      [],
      ["clock"],
      ["functions.ask"],
    ],
    [
      "a new namespace comes whole",
      [ns("functions", [fn("exec")])],
      [ns("functions", [fn("exec")]), ns("clock", [fn("sleep")])],
      [ns("clock", [fn("sleep")])],
      [],
      [],
    ],
  ])("%s", (_name, before, after, changed, removedNamespaces, removedTools) => {
    expect(diffInputTools(before, after)).toEqual({ changed, removedNamespaces, removedTools });
  });
});
