// Minimal glob matching for config `overrides` and `ignorePatterns`: `**`, `*`, `?`, `{a,b}`, `[...]`. Pure.

export function globToRegExp(glob: string): RegExp {
  let re = "";
  let i = 0;
  let braces = 0;
  const g = glob.startsWith("./") ? glob.slice(2) : glob;
  while (i < g.length) {
    const c = g[i] as string;
    if (c === "*") {
      if (g[i + 1] === "*") {
        const slash = g[i + 2] === "/";
        re += slash ? "(?:.*/)?" : ".*";
        i += slash ? 3 : 2;
        continue;
      }
      re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "{") {
      braces++;
      re += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      re += ")";
    } else if (c === "," && braces > 0) re += "|";
    else if (c === "[") {
      const end = g.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        re +=
          "[" +
          g
            .slice(i + 1, end)
            .replace(/^!/, "^")
            .replace(/\\/g, "\\\\") +
          "]";
        i = end;
      }
    } else re += c.replace(/[.+^$()|\\]/g, "\\$&");
    i++;
  }
  // A pattern without a slash matches the base name anywhere (gitignore/ESLint convention).
  const anchored = g.includes("/") ? `^${re}$` : `^(?:.*/)?${re}$`;
  return new RegExp(anchored);
}

export function matchesAnyGlob(path: string, globs: readonly string[]): boolean {
  return globs.some((g) => globToRegExp(g).test(path) || globToRegExp(g.replace(/\/?$/, "/**")).test(path));
}
