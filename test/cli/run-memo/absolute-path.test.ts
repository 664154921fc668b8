// absolutePath answers what path.resolve answers, taking resolve's way for any path not already as it makes it.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { absolutePath } from "../../../src/cli/run-memo/absolute-path.js";

describe("absolutePath", () => {
  it.each([
    "/",
    "/tmp",
    "/tmp/a.txt",
    "/tmp/.hidden/.git",
    "/tmp/..x/x..",
    "/tmp/a/",
    "/tmp/a\n/",
    "/tmp/\n/a",
    "//tmp",
    "/tmp//a",
    "/tmp/./a",
    "/tmp/../a",
    "/tmp/a/.",
    "/tmp/a/..",
    "relative/a.txt",
    "./a",
    "../a",
    "",
    ".",
  ])("%j", (path) => {
    expect(absolutePath(path)).toBe(resolve(path));
  });
});
