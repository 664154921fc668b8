// The one wording of a failed file operation in every verb's message: `cannot read PATH: reason`, the reason in
// words from the errno code (never Node's whole sentence, which repeats the path). Pure.

/** libuv's descriptions of the codes file operations fail with, lower case. */
const REASONS: { readonly [code: string]: string } = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many levels of symbolic links",
  EEXIST: "already exists",
  ENOSPC: "no space left on device",
  EROFS: "read-only file system",
  EMFILE: "too many open files",
  ENAMETOOLONG: "name too long",
  EBUSY: "resource busy",
  EIO: "input/output error",
  EINVAL: "invalid argument",
  EFBIG: "file too large",
};

/** The reason of a failed file operation: a Node error, a Host error (`{ code, message }`) or a bare code. */
export function fileErrorReason(error: unknown): string {
  const code = typeof error === "string" ? error : (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && REASONS[code] !== undefined) return REASONS[code];
  // promptc's own refusals (a write through a link) carry their reason as the message.
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === "string" && message !== "" && !message.startsWith(`${String(code)}:`))
    return message.split("\n")[0]!;
  if (typeof code === "string" && code !== "") return code;
  return typeof message === "string" && message !== "" ? message.split("\n")[0]! : String(error);
}

/** `cannot read PATH: reason`. */
export function cannotRead(path: string, error: unknown): string {
  return `cannot read ${path}: ${fileErrorReason(error)}`;
}

/** `cannot write PATH: reason`. */
export function cannotWrite(path: string, error: unknown): string {
  return `cannot write ${path}: ${fileErrorReason(error)}`;
}
