import { describe, expect, it } from "vitest";
import { classifyProviderError, isRetryable, parseErrorBody } from "../../src/loop/classify-provider-error.js";

describe("classifyProviderError", () => {
  it.each([
    [{ status: 400, code: "context_length_exceeded", message: "m" }, "context_window_exceeded"],
    [{ status: 400, message: "This model's maximum context length is 8192 tokens" }, "context_window_exceeded"],
    [{ status: 400, message: "bad field" }, "client"],
    [{ status: 429, message: "slow down" }, "rate_limited"],
    [{ status: 503 }, "server"],
    [{ status: 401, message: "no key" }, "client"],
    [{ code: "rate_limit_exceeded" }, "rate_limited"],
    [{ message: "odd" }, "stream"],
  ])("classifies %j as %s", (facts, kind) => {
    expect(classifyProviderError(facts).kind).toBe(kind);
  });

  it("keeps status, code and message", () => {
    expect(classifyProviderError({ status: 429, code: "insufficient_quota", message: "pay" })).toEqual({
      kind: "rate_limited",
      status: 429,
      code: "insufficient_quota",
      message: "pay",
    });
  });
});

describe("isRetryable", () => {
  it.each([
    [{ kind: "rate_limited" as const, message: "" }, true],
    [{ kind: "rate_limited" as const, message: "", code: "insufficient_quota" }, false],
    [{ kind: "server" as const, message: "" }, true],
    [{ kind: "network" as const, message: "" }, true],
    [{ kind: "context_window_exceeded" as const, message: "" }, false],
    [{ kind: "client" as const, message: "" }, false],
  ])("says %j → %s", (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe("parseErrorBody", () => {
  it.each([
    ['{"error":{"code":"c","message":"m"}}', { code: "c", message: "m" }],
    ['{"code":"c"}', { code: "c" }],
    ["plain text", { message: "plain text" }],
    ["", {}],
  ])("reads %s", (text, expected) => {
    expect(parseErrorBody(text)).toEqual(expected);
  });
});
