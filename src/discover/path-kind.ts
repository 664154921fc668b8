// What a path is, asked of the Host (following links, as reading a path below it does). Pure over the Host.
import type { Host } from "../host/host.js";

export function isDirectory(host: Host, path: string): boolean {
  const st = host.stat(path);
  return st.ok && st.value.kind === "directory";
}

export function isFile(host: Host, path: string): boolean {
  const st = host.stat(path);
  return st.ok && st.value.kind === "file";
}
