import { readFileSync } from "node:fs";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { parseReplyScript } from "../../../src/capture/reply-script.js";
import { startCaptureServer, type CaptureServer } from "../../../src/capture/server/capture-server.js";

/** What fixtures/body.json.zst decompresses to (made with `zstd -19`). */
const ZSTD_FIXTURE_TEXT = JSON.stringify({
  model: "m",
  input: [
    {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "zstd body é è 😀 " + "long ".repeat(40) }],
    },
  ],
});

let server: CaptureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function send(
  origin: string,
  method: string,
  path: string,
  body?: Uint8Array | string,
  headers: { [k: string]: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(origin + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe("startCaptureServer", () => {
  it("records bodies byte-exact (gzip decoded) with secrets redacted and streams a Responses reply", async () => {
    server = await startCaptureServer();
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const body = '{"model":"m","input":[],"z":"\u00e9\u{1F600}"}';
    const res = await send(server.origin, "POST", "/v1/responses", gzipSync(body), {
      "content-encoding": "gzip",
      authorization: "Bearer sk-secret",
      "content-type": "application/json",
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("event: response.completed");
    const r = server.requests[0];
    expect(Buffer.from(r?.body ?? []).toString("utf8")).toBe(body);
    expect(r?.headers.authorization).toBe("<redacted>");
    expect(r?.headers["content-encoding"]).toBe("gzip");
    expect([r?.seq, r?.method, r?.url, r?.encoding, r?.decoded, r?.reply]).toEqual([
      1,
      "POST",
      "/v1/responses",
      "gzip",
      true,
      { kind: "model", status: 200, text: "Done." },
    ]);
    expect(server.turns()).toBe(1);
  });

  it("decodes a zstd body (made by the zstd CLI) byte-exact", async () => {
    server = await startCaptureServer();
    const zst = readFileSync(new URL("../fixtures/body.json.zst", import.meta.url));
    expect((await send(server.origin, "POST", "/v1/responses", zst, { "content-encoding": "zstd" })).status).toBe(200);
    const r = server.requests[0];
    expect([r?.encoding, r?.decoded, r?.diagnostics]).toEqual(["zstd", true, []]);
    expect(Buffer.from(r?.body ?? []).toString("utf8")).toBe(ZSTD_FIXTURE_TEXT);
  });

  it.each([
    ["zstd", new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0]), "capture/bad-compressed-body"],
    ["gzip", new Uint8Array([1, 2, 3]), "capture/bad-compressed-body"],
    ["compress", new Uint8Array([1, 2, 3]), "capture/unknown-encoding"],
  ])("keeps a %s body it cannot decode as received, with a diagnostic", async (encoding, bytes, rule) => {
    server = await startCaptureServer();
    await send(server.origin, "POST", "/v1/responses", bytes, { "content-encoding": encoding });
    const r = server.requests[0];
    expect([r?.decoded, r?.diagnostics.map((d) => d.rule)]).toEqual([false, [rule]]);
    expect(Array.from(r?.body ?? [])).toEqual(Array.from(bytes));
  });

  it("answers model lists and follows the reply script, then the turn limit", async () => {
    server = await startCaptureServer({
      script: parseReplyScript('["first", {"error": {"status": 503, "message": "busy"}}]').value,
      maxTurns: 2,
    });
    expect((await send(server.origin, "GET", "/v1/models")).status).toBe(200);
    expect((await send(server.origin, "POST", "/v1/responses", "{}")).text).toContain('"text":"first"');
    expect((await send(server.origin, "POST", "/v1/responses", "{}")).status).toBe(503);
    const limited = await send(server.origin, "POST", "/v1/responses", "{}");
    expect(limited.status).toBe(400);
    expect(limited.text).toContain("turn limit");
    expect(server.requests.map((r) => r.reply)).toEqual([
      { kind: "models-list", status: 200 },
      { kind: "model", status: 200, text: "first" },
      { kind: "model", status: 503 },
      { kind: "turn-limit", status: 400 },
    ]);
  });

  it("answers an oversized body 413 with a diagnostic", async () => {
    server = await startCaptureServer({ maxBodyBytes: 10 });
    const res = await send(server.origin, "POST", "/v1/responses", "x".repeat(100));
    expect(res.status).toBe(413);
    expect(server.requests[0]?.diagnostics.map((d) => d.rule)).toEqual(["capture/body-too-large"]);
  });

  it("frees its port on close", async () => {
    const s = await startCaptureServer();
    await s.close();
    await expect(send(s.origin, "GET", "/v1/models")).rejects.toThrow(/ECONNREFUSED/);
  });
});
