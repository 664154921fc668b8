// A replay's identity check answers what comparing statSync's identity would, whichever way it reads it, and Node's
// binding is not asked where it would print Node's deprecation warning.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bindingStat, identityCheck, identityOf, type BindingStat } from "../../../src/cli/run-memo/file-identity.js";
import { useScratchDir } from "../../scratch-dir.js";

const dir = useScratchDir("promptc-identity-");
let n = 0;
/** Paths of a fresh folder: a missing file, a file, a folder, another file. */
function paths(): [string, string, string, string] {
  const root = join(dir, `w${n++}`);
  mkdirSync(join(root, "sub"), { recursive: true });
  writeFileSync(join(root, "a.txt"), "hello");
  writeFileSync(join(root, "sub", "b.md"), "# b\n");
  return [join(root, "missing"), join(root, "a.txt"), join(root, "sub"), join(root, "sub", "b.md")];
}
const identity = (path: string) => identityOf(statSync(path));

describe("bindingStat", () => {
  it.each<[string, NodeJS.ProcessEnv, string[]]>([
    ["NODE_PENDING_DEPRECATION=1", { NODE_PENDING_DEPRECATION: "1" }, []],
    ["--pending-deprecation on the command line", {}, ["--pending-deprecation"]],
    ["--pending-deprecation in NODE_OPTIONS", { NODE_OPTIONS: "--max-old-space-size=99 --pending-deprecation" }, []],
  ])("is not asked with %s (DEP0111 would be printed)", (_, env, execArgv) => {
    expect(bindingStat(env, execArgv)).toBeUndefined();
  });

  it("is there on the Node these tests run on", () => {
    expect(typeof bindingStat({}, [])).toBe("function");
  });
});

describe("identityCheck", () => {
  const real = bindingStat({}, []);
  const wrongInode: BindingStat = (path, ...rest) => {
    const v = real?.(path, ...rest);
    if (v === undefined) return undefined;
    const copy = Float64Array.from(v);
    copy[7] = copy[7]! + 1;
    return copy;
  };
  const throwing: BindingStat = () => {
    throw new Error("not this binding");
  };
  it.each<[string, BindingStat | undefined]>([
    ["Node's binding", real],
    ["no binding (statSync)", undefined],
    ["a binding that disagrees (it is dropped)", wrongInode],
    ["a binding that throws (it is dropped)", throwing],
  ])("answers as statSync's identity does with %s", (_, stat) => {
    const holds = identityCheck(stat);
    const [missing, a, sub, b] = paths();
    const seen = [identity(a), identity(sub), identity(b)];
    expect(holds(missing, seen[0]!)).toBe(false);
    for (let round = 0; round < 2; round++) {
      expect([holds(a, seen[0]!), holds(sub, seen[1]!), holds(b, seen[2]!)]).toEqual([true, true, true]);
      expect(holds(a, seen[2]!)).toBe(false);
      expect(holds(b, [...seen[2]!.slice(0, 2), 999, ...seen[2]!.slice(3)])).toBe(false);
      expect(holds(missing, seen[0]!)).toBe(false);
    }
    writeFileSync(a, "hello, again");
    expect(holds(a, seen[0]!)).toBe(false);
  });

  it("keeps the binding once it agreed: later answers come from it alone", () => {
    const asked: string[] = [];
    const counting: BindingStat = (path, ...rest) => {
      asked.push(path);
      return real?.(path, ...rest);
    };
    const holds = identityCheck(counting);
    const [missing, a, sub, b] = paths();
    for (const path of [missing, a, sub, b]) holds(path, identity(a));
    expect(asked).toEqual([a, sub, b]);
  });
});
