// Capture keeps secrets out of what it writes and prints: headers whose names say credential, query values
// under credential-like keys; and a captured model request that is not JSON makes capture exit 1.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { isSecretHeader, redactUrl } from "../../src/capture/redact-headers.js";
import { capture, tempDir } from "../cli/cli-capture.js";

const AGENT = fileURLToPath(new URL("./fixtures/leaky-agent.mjs", import.meta.url));
const SECRETS = [
  "bearer-secret",
  "access-secret",
  "credential-secret",
  "cookie-secret",
  "sk-query-secret",
  "tok-secret",
  "sig-secret",
];
const dir = tempDir("promptc-hostile-capture-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? "" };

describe("capture redaction", () => {
  it("writes and prints no credential from odd header names or the URL query", async () => {
    const out = join(dir, "cap");
    const c = capture(dir, env);
    expect(await run(["capture", "--agent", "codex", "-o", out, "--", AGENT], c.io)).toBe(0);
    const json = capture(dir, env);
    await run(["capture", "--agent", "codex", "--json", "--", AGENT], json.io);
    const written = readdirSync(out)
      .map((f) => readFileSync(join(out, f), "utf8"))
      .join("\n");
    for (const text of [written, c.out(), c.err(), json.out()]) for (const s of SECRETS) expect(text).not.toContain(s);
    expect(written).toContain('"x-request-id": "req-1"');
    expect(written).toContain("model=m");
  });

  it.each([
    ["x-bearer", true],
    ["x-access-key", true],
    ["x-custom-credential", true],
    ["x-session-cookie", true],
    ["proxy-authorization", true],
    ["x-amz-security-token", true],
    ["content-type", false],
    ["user-agent", false],
    ["x-request-id", false],
  ])("isSecretHeader(%s) is %s", (name, secret) => {
    expect(isSecretHeader(name)).toBe(secret);
  });

  it("redactUrl replaces the values of credential-like query keys only", () => {
    expect(redactUrl("/v1/responses?api_key=abc&model=m&key=k&X-Amz-Signature=s&session_token=t")).toBe(
      "/v1/responses?api_key=<redacted>&model=m&key=<redacted>&X-Amz-Signature=<redacted>&session_token=<redacted>",
    );
    expect(redactUrl("/v1/responses")).toBe("/v1/responses");
  });
});

describe("capture of a body that is not JSON", () => {
  it("exits 1 with the reason", async () => {
    const c = capture(dir, { ...env, LEAKY_AGENT_BODY: "invalid" });
    expect(await run(["capture", "--agent", "codex", "--", AGENT], c.io)).toBe(1);
    expect(c.out() + c.err()).toMatch(/not valid JSON/);
  });
});
