import { describe, expect, it } from "vitest";
import { buildToolEnvironment, matchesEnvironmentPattern } from "../../../src/loop/sandbox/build-tool-environment.js";
import {
  DEFAULT_SHELL_ENVIRONMENT_POLICY,
  type ShellEnvironmentPolicy,
} from "../../../src/model/shell-environment-policy.js";

const parent = {
  PATH: "/usr/bin",
  HOME: "/h",
  LANG: "C",
  OPENAI_API_KEY: "sk-1",
  AWS_SECRET_ACCESS_KEY: "aws",
  GITHUB_TOKEN: "gh",
  api_key_lower: "k",
  MY_APP: "1",
  MY_OTHER: "2",
};
const policy = (over: Partial<ShellEnvironmentPolicy>): ShellEnvironmentPolicy => ({
  ...DEFAULT_SHELL_ENVIRONMENT_POLICY,
  ...over,
});

describe("buildToolEnvironment", () => {
  it.each<[string, Partial<ShellEnvironmentPolicy>, { env: { [k: string]: string }; excluded: string[] }]>([
    [
      "inherits everything but names with KEY, SECRET or TOKEN (any case) by default",
      {},
      {
        env: { PATH: "/usr/bin", HOME: "/h", LANG: "C", MY_APP: "1", MY_OTHER: "2" },
        excluded: ["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "api_key_lower"],
      },
    ],
    [
      "passes secrets on when the default excludes are ignored",
      { ignoreDefaultExcludes: true },
      { env: parent, excluded: [] },
    ],
    [
      "core keeps only the core names",
      { inherit: "core" },
      {
        env: { PATH: "/usr/bin", HOME: "/h" },
        excluded: ["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "api_key_lower"],
      },
    ],
    [
      "none starts empty; set still applies",
      { inherit: "none", set: { CI: "1" } },
      { env: { CI: "1" }, excluded: ["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "api_key_lower"] },
    ],
    [
      "exclude globs are case-insensitive",
      { exclude: ["my_*"], ignoreDefaultExcludes: true },
      {
        env: {
          PATH: "/usr/bin",
          HOME: "/h",
          LANG: "C",
          OPENAI_API_KEY: "sk-1",
          AWS_SECRET_ACCESS_KEY: "aws",
          GITHUB_TOKEN: "gh",
          api_key_lower: "k",
        },
        excluded: ["MY_APP", "MY_OTHER"],
      },
    ],
    [
      "set wins over exclude, and a variable set on purpose is not a secret",
      { set: { GITHUB_TOKEN: "mine" } },
      {
        env: { PATH: "/usr/bin", HOME: "/h", LANG: "C", MY_APP: "1", MY_OTHER: "2", GITHUB_TOKEN: "mine" },
        excluded: ["AWS_SECRET_ACCESS_KEY", "OPENAI_API_KEY", "api_key_lower"],
      },
    ],
    [
      "include_only applies last, to set values too",
      { includeOnly: ["PATH", "MY_A??"], set: { EXTRA: "x" } },
      {
        env: { PATH: "/usr/bin", MY_APP: "1" },
        excluded: ["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "api_key_lower"],
      },
    ],
  ])("%s", (_name, over, expected) => {
    expect(buildToolEnvironment(parent, policy(over))).toEqual(expected);
  });
});

describe("matchesEnvironmentPattern", () => {
  it.each<[string, string, boolean]>([
    ["OPENAI_API_KEY", "*KEY*", true],
    ["monkey", "*KEY*", true],
    ["PATH", "*KEY*", false],
    ["A.B", "A.B", true],
    ["AxB", "A.B", false],
    ["AB", "A?B", false],
    ["A(B", "A(B", true],
  ])("%s against %s is %s", (name, pattern, expected) => {
    expect(matchesEnvironmentPattern(name, pattern)).toBe(expected);
  });
});
