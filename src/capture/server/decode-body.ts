// Content-encoding of recorded request bodies: gzip/deflate/br via node:zlib; zstd via node:zlib where this Node
// has it (≥ 22.15), else fzstd (pure JS; Node 20 has no zstd). No IO, but uses node:zlib.
import { decompress as zstdDecompress } from "fzstd";
import zlib from "node:zlib";
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";

export interface DecodedBody {
  body: Uint8Array;
  encoding: string;
  decoded: boolean;
  diagnostics: Diagnostic[];
}

type ZlibWithZstd = typeof zlib & { zstdDecompressSync?: (buf: Uint8Array) => Buffer };

export function decodeBody(raw: Uint8Array, contentEncoding: string | undefined): DecodedBody {
  const encoding = (contentEncoding ?? "identity").trim().toLowerCase() || "identity";
  const keep = (rule: string, message: string): DecodedBody => ({
    body: raw,
    encoding,
    decoded: false,
    diagnostics: [diagnostic(rule, "warning", message, { data: { encoding } })],
  });
  try {
    switch (encoding) {
      case "identity":
        return { body: raw, encoding, decoded: true, diagnostics: [] };
      case "gzip":
      case "x-gzip":
        return { body: zlib.gunzipSync(raw), encoding, decoded: true, diagnostics: [] };
      case "deflate":
        return { body: zlib.inflateSync(raw), encoding, decoded: true, diagnostics: [] };
      case "br":
        return { body: zlib.brotliDecompressSync(raw), encoding, decoded: true, diagnostics: [] };
      case "zstd": {
        const z = (zlib as ZlibWithZstd).zstdDecompressSync;
        return { body: z ? z(raw) : zstdDecompress(raw), encoding, decoded: true, diagnostics: [] };
      }
      default:
        return keep("capture/unknown-encoding", `request body has content-encoding '${encoding}'; kept as received`);
    }
  } catch (error) {
    return keep(
      "capture/bad-compressed-body",
      `request body could not be decoded as ${encoding}: ${error instanceof Error ? error.message : String(error)}; kept as received`,
    );
  }
}
