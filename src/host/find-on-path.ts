// Which of some command names are executable files in a PATH list (Copilot CLI names the ones it finds in its
// prompt). Does IO (stat and access on the PATH folders).
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export function findOnPath(names: readonly string[], path: string | undefined): string[] {
  const dirs = (path ?? "").split(delimiter).filter((d) => d !== "");
  return names.filter((name) =>
    dirs.some((d) => {
      const p = join(d, name);
      try {
        if (!statSync(p).isFile()) return false;
        accessSync(p, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}
