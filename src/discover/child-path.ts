// A path below a normalized folder by plain names, as joinPath gives it, without reading the folder's path again:
// a folder-by-folder walk of a deep tree builds each child from its parent once. Pure.

/** `dir` (normalized) joined with `name` (segments without `.`, `..` or empty ones): joinPath's answer. */
export function childPath(dir: string, name: string): string {
  return dir === "/" ? `/${name}` : dir === "." ? name : `${dir}/${name}`;
}
