import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { parseReplyScript } from "../../../src/capture/reply-script.js";
import { startCaptureServer, type CaptureServer } from "../../../src/capture/server/capture-server.js";

let server: CaptureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function send(origin: string, method: string, path: string, body?: Uint8Array | string, headers: { [k: string]: string } = {}): Promise<{ status: number; text: string }> {
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
    const res = await send(server.origin, "POST", "/v1/responses", gzipSync(body), { "content-encoding": "gzip", authorization: "Bearer sk-secret", "content-type": "application/json" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("event: response.completed");
    const r = server.requests[0];
    expect(Buffer.from(r?.body ?? []).toString("utf8")).toBe(body);
    expect(r?.headers.authorization).toBe("<redacted>");
    expect(r?.headers["content-encoding"]).toBe("gzip");
    expect([r?.seq, r?.method, r?.url, r?.encoding, r?.decoded, r?.reply]).toEqual([1, "POST", "/v1/responses", "gzip", true, { kind: "model", status: 200, text: "Done." }]);
    expect(server.turns()).toBe(1);
  });

  it("keeps zstd bodies compressed with a diagnostic when this Node cannot decode them", async () => {
    server = await startCaptureServer();
    await send(server.origin, "POST", "/v1/responses", new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0]), { "content-encoding": "zstd" });
    const r = server.requests[0];
    if (r?.decoded) return; // a Node with zstd decoded it (then garbage input fails differently)
    expect(r?.diagnostics.map((d) => d.rule)).toEqual([expect.stringMatching(/^capture\/(zstd-unsupported|bad-compressed-body)$/)]);
    expect(Array.from(r?.body ?? [])).toEqual([0x28, 0xb5, 0x2f, 0xfd, 0]);
  });

  it("answers model lists and follows the reply script, then the turn limit", async () => {
    server = await startCaptureServer({ script: parseReplyScript('["first", {"error": {"status": 503, "message": "busy"}}]').value, maxTurns: 2 });
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
