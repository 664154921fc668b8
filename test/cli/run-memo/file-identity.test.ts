// A replay's identity check answers what comparing statSync's identity would, whichever way it reads it, and Node's
// binding is not asked where it would print Node's deprecation warning.
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bindingStat,
  identityCheck,
  identityOf,
  identityReader,
  type BindingStat,
} from "../../../src/cli/run-memo/file-identity.js";
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
  const deprecated = function deprecated() {
    throw new Error("a wrapper that warns is never called");
  };
  const refused = function binding() {
    throw new Error("ERR_ACCESS_DENIED");
  };
  it.each<[string, object]>([
    ["no process.binding", {}],
    ["the wrapper pending deprecation puts in its place", { binding: deprecated }],
    ["a binding the permission model refuses", { binding: refused }],
  ])("is null with %s", (_, owner) => {
    expect(bindingStat(owner)).toBeNull();
  });

  it("is there on the Node these tests run on", () => {
    expect(typeof bindingStat(process)).toBe("function");
  });

  // The fact bindingStat stands on, asked of the running Node every way pending deprecation can be asked for.
  it.each<[string, string[], NodeJS.ProcessEnv]>([
    ["--pending-deprecation", ["--pending-deprecation"], {}],
    ["--pending_deprecation", ["--pending_deprecation"], {}],
    ["a quoted NODE_OPTIONS", [], { NODE_OPTIONS: '--max-old-space-size=99 "--pending-deprecation"' }],
    ["NODE_PENDING_DEPRECATION=1", [], { NODE_PENDING_DEPRECATION: "1" }],
  ])("Node wraps process.binding under %s, and not without it", (_, flags, env) => {
    const nameOf = (extraFlags: string[], extraEnv: NodeJS.ProcessEnv) =>
      execFileSync(process.execPath, [...extraFlags, "-e", "process.stdout.write(process.binding.name)"], {
        env: { PATH: process.env.PATH ?? "", ...extraEnv },
        encoding: "utf8",
      });
    expect(nameOf(flags, env)).not.toBe("binding");
    expect(nameOf([], {})).toBe("binding");
  });
});

const real = bindingStat(process);
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
// null is statSync's way: explicit, so that a default parameter cannot put the real binding in its place.
const WAYS: [string, BindingStat | null][] = [
  ["Node's binding", real],
  ["no binding (statSync)", null],
  ["a binding that disagrees (it is dropped)", wrongInode],
  ["a binding that throws (it is dropped)", throwing],
];

describe("identityReader", () => {
  it.each(WAYS)("reads statSync's identity with %s", (_, stat) => {
    const read = identityReader(stat);
    const [missing, a, sub, b] = paths();
    expect(read(missing)).toBeUndefined();
    for (let round = 0; round < 2; round++) {
      expect([read(a), read(sub), read(b)]).toEqual([identity(a), identity(sub), identity(b)]);
      expect(read(missing)).toBeUndefined();
    }
    writeFileSync(a, "hello, again");
    expect(read(a)).toEqual(identity(a));
    expect(() => read(join(a, "below-a-file"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });
});

describe("identityCheck", () => {
  it.each(WAYS)("answers as statSync's identity does with %s", (_, stat) => {
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
