import { describe, expect, it } from "vitest";
import { REDACTED, redactHeaders } from "../../src/capture/redact-headers.js";

describe("redactHeaders", () => {
  it("replaces credentials and keeps everything else, names lower-cased", () => {
    expect(
      redactHeaders({
        Authorization: "Bearer sk-real",
        "x-api-key": "k",
        cookie: "a=b",
        "X-Goog-Api-Key": "g",
        "anthropic-auth-token": "t",
        "content-type": "application/json",
        "user-agent": "codex_exec/0.171.0",
        accept: ["a", "b"],
        skipped: undefined,
      }),
    ).toEqual({
      authorization: REDACTED,
      "x-api-key": REDACTED,
      cookie: REDACTED,
      "x-goog-api-key": REDACTED,
      "anthropic-auth-token": REDACTED,
      "content-type": "application/json",
      "user-agent": "codex_exec/0.171.0",
      accept: "a, b",
    });
  });
});
