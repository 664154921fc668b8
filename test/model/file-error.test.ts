import { describe, expect, it } from "vitest";
import { cannotRead, cannotWrite, fileErrorReason } from "../../src/model/file-error.js";

describe("fileErrorReason", () => {
  it.each([
    [
      Object.assign(new Error("ENOENT: no such file or directory, open '/x'"), { code: "ENOENT" }),
      "no such file or directory",
    ],
    [{ code: "EACCES", message: "EACCES: permission denied, open '/x'" }, "permission denied"],
    ["EISDIR", "is a directory"],
    [{ code: "EWHATEVER", message: "EWHATEVER: odd, open '/x'" }, "EWHATEVER"],
    [
      Object.assign(new Error("/x is a symbolic link; promptc does not write through links"), { code: "ELINK" }),
      "/x is a symbolic link; promptc does not write through links",
    ],
    [new Error("first line\nsecond"), "first line"],
  ])("words %j as %s", (error, reason) => {
    expect(fileErrorReason(error)).toBe(reason);
  });
});

describe("cannotRead", () => {
  it("reads `cannot read PATH: reason`, and cannotWrite likewise", () => {
    expect(cannotRead("a/b.yaml", { code: "ENOENT", message: "" })).toBe(
      "cannot read a/b.yaml: no such file or directory",
    );
    expect(cannotWrite("/r.html", { code: "ENOTDIR", message: "" })).toBe(
      "cannot write /r.html: a part of the path is not a directory",
    );
  });
});
