import { describe, expect, it } from "vitest";
import { createSecretRedactor } from "../../../src/loop/sandbox/create-secret-redactor.js";

describe("createSecretRedactor", () => {
  it.each<[string, { [k: string]: string | undefined }, string, string]>([
    [
      "cuts every occurrence out, naming the variable",
      { OPENAI_API_KEY: "sk-abcdef" },
      "a sk-abcdef b sk-abcdef",
      "a [redacted OPENAI_API_KEY] b [redacted OPENAI_API_KEY]",
    ],
    [
      "cuts the longer of two nested secrets whole",
      { SHORT: "secret", LONG: "secret-and-more" },
      "x secret-and-more y secret",
      "x [redacted LONG] y [redacted SHORT]",
    ],
    ["leaves values too short to be secrets", { FLAG_TOKEN: "1", BOOL_KEY: "true" }, "1 true", "1 true"],
    ["ignores unset variables", { GONE_KEY: undefined }, "text", "text"],
    [
      "finds a secret inside an environ dump",
      { AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI" },
      "A=1\0AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI\0",
      "A=1\0AWS_SECRET_ACCESS_KEY=[redacted AWS_SECRET_ACCESS_KEY]\0",
    ],
  ])("%s", (_name, secrets, text, expected) => {
    expect(createSecretRedactor(secrets).redact(text)).toBe(expected);
  });
});
