// Whether a path is absolute and already as path.resolve makes it: no `.` or `..` segment, doubled or trailing
// separator (`/` itself is). Pure.

// `[^]`, not `.`: a name may end in a line break before a trailing separator.
const NOT_AS_RESOLVED = /\/\/|\/\.\.?(?:\/|$)|[^]\/$/;

export function isNormalAbsolute(path: string): boolean {
  return path.charCodeAt(0) === 47 && !NOT_AS_RESOLVED.test(path);
}
