// Test helper: wraps a Host and counts the bytes its reads return (proves budgeted reads stay budgeted).
import type { Host } from "../../src/host/host.js";

export interface CountingHost extends Host {
  bytesRead: number;
  reads: { path: string; maxBytes: number | undefined; got: number }[];
}

export function countingHost(inner: Host): CountingHost {
  const host: CountingHost = {
    ...inner,
    bytesRead: 0,
    reads: [],
    readBytes(path, options) {
      const result = inner.readBytes(path, options);
      const got = result.ok ? result.value.bytes.length : 0;
      host.bytesRead += got;
      host.reads.push({ path, maxBytes: options?.maxBytes, got });
      return result;
    },
  };
  return host;
}
