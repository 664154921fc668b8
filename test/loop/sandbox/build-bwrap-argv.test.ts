import { describe, expect, it } from "vitest";
import { buildBwrapArgv } from "../../../src/loop/sandbox/build-bwrap-argv.js";

const COMMON = [
  "bwrap",
  "--new-session",
  "--die-with-parent",
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--unshare-cgroup-try",
];
const FS = ["--cap-drop", "ALL", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--remount-ro", "/proc"];

describe("buildBwrapArgv", () => {
  it("makes nothing writable and cuts the network in read-only", () => {
    expect(
      buildBwrapArgv(
        "bwrap",
        { mode: "read-only", writableRoots: ["/w"], networkAccess: false },
        { writableRoots: ["/w"], readOnlyPaths: [], cwd: "/w" },
        ["ls", "-l"],
      ),
    ).toEqual([...COMMON, "--unshare-net", ...FS, "--chdir", "/w", "--", "ls", "-l"]);
  });

  it("binds the writable roots parents first, then their protected folders read-only; keeps the network when allowed", () => {
    expect(
      buildBwrapArgv(
        "bwrap",
        { mode: "workspace-write", writableRoots: ["/tmp/w", "/tmp"], networkAccess: true },
        { writableRoots: ["/tmp/w", "/tmp"], readOnlyPaths: ["/tmp/w/.git"], cwd: "/tmp/w/src" },
        ["make"],
      ),
    ).toEqual([
      ...COMMON,
      ...FS,
      "--bind",
      "/tmp",
      "/tmp",
      "--bind",
      "/tmp/w",
      "/tmp/w",
      "--ro-bind",
      "/tmp/w/.git",
      "/tmp/w/.git",
      "--chdir",
      "/tmp/w/src",
      "--",
      "make",
    ]);
  });

  it("replaces /run and host socket folders with empty read-only ones, keeping a resolv.conf there when the network is on", () => {
    const layout = {
      writableRoots: [],
      readOnlyPaths: [],
      cwd: "/w",
      hideRun: { resolvConf: "/run/systemd/resolve/stub-resolv.conf" },
      maskedPaths: ["/tmp/.X11-unix"],
    };
    const run = ["--tmpfs", "/run", "--remount-ro", "/run"];
    const masks = ["--tmpfs", "/tmp/.X11-unix", "--remount-ro", "/tmp/.X11-unix"];
    expect([
      buildBwrapArgv("bwrap", { mode: "read-only", writableRoots: [], networkAccess: false }, layout, ["ls"]),
      buildBwrapArgv("bwrap", { mode: "read-only", writableRoots: [], networkAccess: true }, layout, ["ls"]),
    ]).toEqual([
      [...COMMON, "--unshare-net", ...FS, ...run, ...masks, "--chdir", "/w", "--", "ls"],
      [
        ...COMMON,
        ...FS,
        "--tmpfs",
        "/run",
        "--ro-bind-try",
        "/run/systemd/resolve/stub-resolv.conf",
        "/run/systemd/resolve/stub-resolv.conf",
        "--remount-ro",
        "/run",
        ...masks,
        "--chdir",
        "/w",
        "--",
        "ls",
      ],
    ]);
  });

  it("refuses to build one for danger-full-access (it runs unsandboxed)", () => {
    expect(() =>
      buildBwrapArgv(
        "bwrap",
        { mode: "danger-full-access", writableRoots: [], networkAccess: true },
        { writableRoots: [], readOnlyPaths: [], cwd: "/" },
        ["ls"],
      ),
    ).toThrow(/unsandboxed/);
  });
});
