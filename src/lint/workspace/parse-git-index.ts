// Paths tracked by git, read from a `.git/index` file (versions 2, 3 and 4; see git's index-format.txt). Pure.

const SIGNATURE = 0x44495243; // "DIRC"
/** ctime and mtime (8 bytes each), dev, ino, mode, uid, gid, size (4 each), a 20-byte object id; then 2 bytes of flags. */
const ENTRY_FIXED_BYTES = 60;
const EXTENDED_FLAG = 0x4000;

export type GitIndex = { ok: true; paths: string[] } | { ok: false; message: string };

/** Tracked paths (repository-relative, `/`-separated) or why the file could not be read as an index. */
export function parseGitIndex(bytes: Uint8Array, options: { objectIdBytes?: number } = {}): GitIndex {
  // SHA-256 repositories (`extensions.objectformat = sha256`) store 32-byte object ids.
  const fixed = ENTRY_FIXED_BYTES - 20 + (options.objectIdBytes ?? 20);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || view.getUint32(0) !== SIGNATURE)
    return { ok: false, message: "not a git index (no DIRC signature)" };
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return { ok: false, message: `unsupported git index version ${version}` };
  const count = view.getUint32(8);
  const decoder = new TextDecoder();
  const paths: string[] = [];
  let at = 12;
  let previous = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    if (at + fixed + 2 > bytes.length) return { ok: false, message: "git index is truncated" };
    const flags = view.getUint16(at + fixed);
    let p = at + fixed + 2 + (version >= 3 && flags & EXTENDED_FLAG ? 2 : 0);
    let prefix = new Uint8Array(0);
    if (version === 4) {
      // The path is the previous one minus N trailing bytes (N a varint), plus this NUL-terminated suffix.
      let strip = 0;
      let b: number;
      let first = true;
      do {
        if (p >= bytes.length) return { ok: false, message: "git index is truncated" };
        b = bytes[p++] as number;
        strip = first ? b & 0x7f : ((strip + 1) << 7) | (b & 0x7f);
        first = false;
      } while (b & 0x80);
      prefix = previous.subarray(0, Math.max(0, previous.length - strip));
    }
    const end = bytes.indexOf(0, p);
    if (end < 0) return { ok: false, message: "git index is truncated" };
    const raw = new Uint8Array(prefix.length + end - p);
    raw.set(prefix);
    raw.set(bytes.subarray(p, end), prefix.length);
    paths.push(decoder.decode(raw));
    previous = raw;
    // v2/v3 entries are NUL-padded to a multiple of 8 bytes; v4 entries end right after the NUL.
    at = version === 4 ? end + 1 : at + Math.ceil((end + 1 - at) / 8) * 8;
  }
  return { ok: true, paths };
}
