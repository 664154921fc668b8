import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import type { MemoryEntry } from "../../src/host/memory-host.js";
import { discoverAgentsMd } from "../../src/discover/discover-agents-md.js";
import type { DiscoverAgentsMdOptions } from "../../src/discover/discover-agents-md.js";
import type { UserInstructions } from "../../src/model/turn-context.js";
import { countingHost } from "../host/counting-host.js";

const SEPARATOR = "\n\n--- project-doc ---\n\n";

/** What Codex builds from the discovered docs, or undefined for `None`. */
function codexText(ui: UserInstructions): string | undefined {
  let out = ui.global?.text ?? "";
  if (ui.projectDocs.length > 0) {
    if (out !== "") out += SEPARATOR;
    out += ui.projectDocs.map((d) => d.text).join("\n\n");
  }
  return out === "" ? undefined : out;
}

function run(files: Record<string, MemoryEntry>, opts: Partial<DiscoverAgentsMdOptions> = {}) {
  const host = createMemoryHost({ files: { "/home/.codex": { dir: true }, ...files } });
  return discoverAgentsMd(host, {
    cwd: "/repo",
    codexHome: "/home/.codex",
    budgetBytes: 4096,
    fallbackFilenames: [],
    projectRootMarkers: [".git"],
    decode: "lossy",
    ...opts,
  });
}

describe("discoverAgentsMd", () => {
  // Codex's project-doc cases (limit 4096 unless stated).
  it.each<[string, Record<string, MemoryEntry>, Partial<DiscoverAgentsMdOptions>, string | undefined]>([
    ["1 no doc → none", { "/repo": { dir: true } }, {}, undefined],
    ["2 small doc returned", { "/repo/AGENTS.md": "hello world" }, {}, "hello world"],
    [
      "3 doc larger than limit cut to the byte",
      { "/repo/AGENTS.md": "A".repeat(2048) },
      { budgetBytes: 1024 },
      "A".repeat(1024),
    ],
    [
      "4 doc found at repo root with a .git file",
      { "/r/.git": "gitdir: /elsewhere", "/r/AGENTS.md": "root level doc", "/r/workspace/crate_a": { dir: true } },
      { cwd: "/r/workspace/crate_a" },
      "root level doc",
    ],
    ["5 zero budget disables docs", { "/repo/AGENTS.md": "something" }, { budgetBytes: 0 }, undefined],
    [
      "6 global + project doc",
      { "/home/.codex/AGENTS.md": "base instructions", "/repo/AGENTS.md": "proj doc" },
      {},
      "base instructions\n\n--- project-doc ---\n\nproj doc",
    ],
    [
      "7 global alone",
      { "/home/.codex/AGENTS.md": "some instructions", "/repo": { dir: true } },
      {},
      "some instructions",
    ],
    [
      "8 root and cwd docs concatenated",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "root doc", "/r/workspace/crate_a/AGENTS.md": "crate doc" },
      { cwd: "/r/workspace/crate_a" },
      "root doc\n\ncrate doc",
    ],
    [
      "9 configured root markers win over a nested .git",
      {
        "/r/.codex-root": "",
        "/r/AGENTS.md": "parent doc",
        "/r/dir1/.git": { dir: true },
        "/r/dir1/AGENTS.md": "child doc",
      },
      { cwd: "/r/dir1", projectRootMarkers: [".codex-root"] },
      "parent doc\n\nchild doc",
    ],
    ["10 override preferred", { "/repo/AGENTS.md": "versioned", "/repo/AGENTS.override.md": "local" }, {}, "local"],
    [
      "11 fallback used when AGENTS.md missing",
      { "/repo/EXAMPLE.md": "example instructions" },
      { fallbackFilenames: ["EXAMPLE.md"] },
      "example instructions",
    ],
    [
      "12 AGENTS.md preferred over fallbacks",
      { "/repo/AGENTS.md": "primary", "/repo/EXAMPLE.md": "secondary" },
      { fallbackFilenames: ["EXAMPLE.md", ".example.md"] },
      "primary",
    ],
    [
      "18 budget spans files, the cwd file is cut",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "abc", "/r/c/AGENTS.md": "defgh" },
      { cwd: "/r/c", budgetBytes: 5 },
      "abc\n\nde",
    ],
    [
      "18b budget spent, the cwd file is dropped",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "abc", "/r/c/AGENTS.md": "defgh" },
      { cwd: "/r/c", budgetBytes: 3 },
      "abc",
    ],
    [
      "19 whitespace-only file costs nothing",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "   \n", "/r/c/AGENTS.md": "xy" },
      { cwd: "/r/c", budgetBytes: 2 },
      "xy",
    ],
    [
      "empty markers: cwd only",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "root", "/r/c/AGENTS.md": "cwd" },
      { cwd: "/r/c", projectRootMarkers: [] },
      "cwd",
    ],
    ["no marker: cwd only", { "/r/AGENTS.md": "root", "/r/c/AGENTS.md": "cwd" }, { cwd: "/r/c" }, "cwd"],
    [
      "global override wins, trimmed",
      { "/home/.codex/AGENTS.override.md": "  over \n", "/home/.codex/AGENTS.md": "g", "/repo": { dir: true } },
      {},
      "over",
    ],
    [
      "empty global override falls through",
      { "/home/.codex/AGENTS.override.md": " \n", "/home/.codex/AGENTS.md": "g", "/repo": { dir: true } },
      {},
      "g",
    ],
    [
      "global file has no cap",
      { "/home/.codex/AGENTS.md": "G".repeat(10), "/repo/AGENTS.md": "p" },
      { budgetBytes: 1 },
      `${"G".repeat(10)}${SEPARATOR}p`,
    ],
    ["project docs stay untrimmed", { "/repo/AGENTS.md": "doc\n" }, {}, "doc\n"],
    [
      "a directory named AGENTS.md is ignored",
      { "/repo/AGENTS.md": { dir: true }, "/repo/EX.md": "ex" },
      { fallbackFilenames: ["EX.md"] },
      "ex",
    ],
    [
      "a symlinked AGENTS.md is followed",
      { "/repo/AGENTS.md": { symlink: "/shared/doc.md" }, "/shared/doc.md": "shared" },
      {},
      "shared",
    ],
    // Symlink cases checked against 0.171.0 (`codex debug prompt-input`): the next candidate name is tried.
    [
      "a dangling AGENTS.md symlink falls through to the fallback",
      { "/repo/AGENTS.md": { symlink: "nope" }, "/repo/EX.md": "ex" },
      { fallbackFilenames: ["EX.md"] },
      "ex",
    ],
    [
      "an AGENTS.md symlink to a folder falls through",
      { "/repo/AGENTS.md": { symlink: "/d" }, "/d": { dir: true }, "/repo/EX.md": "ex" },
      { fallbackFilenames: ["EX.md"] },
      "ex",
    ],
    [
      "a FIFO named AGENTS.md falls through, never read",
      { "/repo/AGENTS.md": { fifo: true }, "/repo/EX.md": "ex" },
      { fallbackFilenames: ["EX.md"] },
      "ex",
    ],
    [
      "an AGENTS.md symlink to a FIFO falls through, never read",
      { "/repo/AGENTS.md": { symlink: "/p" }, "/p": { fifo: true }, "/repo/EX.md": "ex" },
      { fallbackFilenames: ["EX.md"] },
      "ex",
    ],
    [
      "a symlinked AGENTS.md to a folder keeps the other docs",
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "root", "/r/c/AGENTS.md": { symlink: "/r" } },
      { cwd: "/r/c" },
      "root",
    ],
    [
      "a global AGENTS.override.md that is a FIFO falls through to AGENTS.md",
      { "/home/.codex/AGENTS.override.md": { fifo: true }, "/home/.codex/AGENTS.md": "g", "/repo": { dir: true } },
      {},
      "g",
    ],
    [
      "a global override that is a folder falls through",
      { "/home/.codex/AGENTS.override.md": { dir: true }, "/home/.codex/AGENTS.md": "g", "/repo": { dir: true } },
      {},
      "g",
    ],
  ])("%s", (_name, files, opts, expected) => {
    expect(codexText(run(files, opts).value)).toEqual(expected);
  });

  it("returns paths, sizes and bytes kept per doc (override named)", () => {
    const r = run({ "/repo/AGENTS.md": "versioned", "/repo/AGENTS.override.md": "local" });
    expect(r.value).toEqual({
      projectDocs: [{ path: "/repo/AGENTS.override.md", text: "local", sizeBytes: 5, keptBytes: 5 }],
      budgetBytes: 4096,
    });
  });

  it("cuts the cwd file to 2,766 bytes and names who spent the budget (observed 0.171.0 budget case)", () => {
    const r = run(
      {
        "/repo/.git": { dir: true },
        "/repo/AGENTS.md": "r".repeat(20_001),
        "/repo/a/AGENTS.md": "m".repeat(10_001),
        "/repo/a/b/AGENTS.md": "c".repeat(10_001),
      },
      { cwd: "/repo/a/b", budgetBytes: 32 * 1024 },
    );
    expect(r.value.projectDocs.map((d) => [d.path, d.keptBytes, d.text.length])).toEqual([
      ["/repo/AGENTS.md", 20_001, 20_001],
      ["/repo/a/AGENTS.md", 10_001, 10_001],
      ["/repo/a/b/AGENTS.md", 2_766, 2_766],
    ]);
    expect(r.diagnostics).toEqual([
      {
        rule: "agents-md/truncated",
        severity: "warning",
        message:
          "kept 2,766 of 10,001 bytes — the 32 KiB project-doc budget was spent by /repo/AGENTS.md and /repo/a/AGENTS.md",
        file: "/repo/a/b/AGENTS.md",
        data: {
          keptBytes: 2766,
          sizeBytes: 10001,
          budgetBytes: 32768,
          spentBy: ["/repo/AGENTS.md", "/repo/a/AGENTS.md"],
        },
      },
    ]);
  });

  it("reports files dropped after the budget is spent", () => {
    const r = run(
      { "/r/.git": { dir: true }, "/r/AGENTS.md": "abc", "/r/c/AGENTS.md": "defgh" },
      { cwd: "/r/c", budgetBytes: 3 },
    );
    expect(r.diagnostics).toEqual([
      {
        rule: "agents-md/dropped",
        severity: "warning",
        message: "dropped (5 bytes) — the 3-byte project-doc budget was already spent by /r/AGENTS.md",
        file: "/r/c/AGENTS.md",
        data: { sizeBytes: 5, budgetBytes: 3, spentBy: ["/r/AGENTS.md"] },
      },
    ]);
  });

  it("says when a single file exceeds the budget on its own", () => {
    const r = run({ "/repo/AGENTS.md": "A".repeat(2048) }, { budgetBytes: 1024 });
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "kept 1,024 of 2,048 bytes — the file exceeds the 1 KiB project-doc budget",
    ]);
  });

  it("reports docs not sent when the budget is 0", () => {
    expect(run({ "/repo/AGENTS.md": "x" }, { budgetBytes: 0 }).diagnostics.map((d) => d.rule)).toEqual([
      "agents-md/disabled",
    ]);
  });

  it("reads no more than the budget from a 100 MB file", () => {
    const inner = createMemoryHost({ files: { "/repo/AGENTS.md": new Uint8Array(100 * 1024 * 1024).fill(0x61) } });
    const host = countingHost(inner);
    const r = discoverAgentsMd(host, {
      cwd: "/repo",
      codexHome: "/h",
      budgetBytes: 32 * 1024,
      fallbackFilenames: [],
      projectRootMarkers: [".git"],
      decode: "lossy",
    });
    expect([host.bytesRead, r.value.projectDocs[0]?.keptBytes, r.diagnostics.map((d) => d.rule)]).toEqual([
      32 * 1024,
      32 * 1024,
      ["agents-md/truncated"],
    ]);
  });

  describe("decoding a cut inside a multi-byte character", () => {
    // "é" is C3 A9: a 2-byte budget after "a" splits it.
    const files = { "/repo/AGENTS.md": "aé" };
    it("lossy (codex) sends U+FFFD and warns", () => {
      const r = run(files, { budgetBytes: 2 });
      expect([r.value.projectDocs[0]?.text, r.diagnostics.map((d) => `${d.rule}:${d.severity}`)]).toEqual([
        "a\uFFFD",
        ["agents-md/truncated:warning", "agents-md/split-character:warning"],
      ]);
    });
    it("char-boundary (promptc) backs off to the boundary", () => {
      const r = run(files, { budgetBytes: 2, decode: "char-boundary" });
      expect([
        r.value.projectDocs[0]?.text,
        r.value.projectDocs[0]?.keptBytes,
        r.diagnostics.map((d) => d.message),
      ]).toEqual([
        "a",
        2,
        [
          "kept 1 of 3 bytes — the file exceeds the 2-byte project-doc budget",
          "the cut splits a multi-byte character; backed off to the character boundary",
        ],
      ]);
    });
  });

  describe("bad input", () => {
    it.each<[string, MemoryEntry, string, string[]]>([
      ["invalid UTF-8", new Uint8Array([0x61, 0xff, 0x62]), "a\uFFFDb", ["agents-md/invalid-utf8"]],
      ["binary with NUL bytes", new Uint8Array([0x61, 0x00, 0x62]), "a\u0000b", ["agents-md/binary"]],
      ["a byte-order mark", new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]), "\uFEFFhi", ["agents-md/bom"]],
      ["CRLF line ends", "a\r\nb\r\n", "a\r\nb\r\n", ["agents-md/crlf"]],
    ])("keeps the bytes as Codex does and reports %s", (_name, entry, text, rules) => {
      const r = run({ "/repo/AGENTS.md": entry });
      expect([r.value.projectDocs[0]?.text, r.diagnostics.map((d) => d.rule)]).toEqual([text, rules]);
    });

    it("a symlink loop makes Codex send no project docs, even a fallback's, reported (observed 0.171.0)", () => {
      const r = run(
        {
          "/r/.git": { dir: true },
          "/r/AGENTS.md": "root",
          "/r/c/AGENTS.md": { symlink: "AGENTS.md" },
          "/r/c/EX.md": "ex",
        },
        { cwd: "/r/c", fallbackFilenames: ["EX.md"] },
      );
      expect([r.value.projectDocs, r.diagnostics.map((d) => `${d.rule}:${d.data?.["code"]}`)]).toEqual([
        [],
        ["agents-md/read-failed:ELOOP"],
      ]);
    });

    it("a global symlink loop is skipped for the next name, reported (observed 0.171.0)", () => {
      const r = run({
        "/home/.codex/AGENTS.override.md": { symlink: "AGENTS.override.md" },
        "/home/.codex/AGENTS.md": "g",
        "/repo": { dir: true },
      });
      expect([r.value.global?.text, r.diagnostics.map((d) => `${d.rule}:${d.data?.["code"]}`)]).toEqual([
        "g",
        ["agents-md/global-unreadable:ELOOP"],
      ]);
    });

    it("says why a candidate was passed over", () => {
      const r = run(
        {
          "/repo/AGENTS.override.md": { symlink: "gone" },
          "/repo/AGENTS.md": { fifo: true },
          "/repo/EX.md": { dir: true },
        },
        { fallbackFilenames: ["EX.md"] },
      );
      expect(r.diagnostics.map((d) => [d.rule, d.file, d.message])).toEqual([
        [
          "agents-md/dangling-symlink",
          "/repo/AGENTS.override.md",
          "skipped: the symlink points to nothing (Codex tries the next name)",
        ],
        [
          "agents-md/not-a-file",
          "/repo/AGENTS.md",
          "ignored: not a regular file (FIFO, socket or device); Codex tries the next name",
        ],
        ["agents-md/not-a-file", "/repo/EX.md", "ignored: a directory; Codex tries the next name"],
      ]);
    });

    it("an unreadable AGENTS.md is reported", () => {
      const r = run({ "/repo/AGENTS.md": { file: "x", unreadable: true } });
      expect(r.diagnostics.map((d) => `${d.rule}:${d.data?.["code"]}`)).toEqual(["agents-md/read-failed:EACCES"]);
    });

    it("an unreadable directory on the way stops project-doc discovery (as Codex) with a diagnostic", () => {
      const r = run(
        { "/r/.git": { dir: true }, "/r/AGENTS.md": "root", "/r/locked": { dir: true, unreadable: true } },
        { cwd: "/r/locked" },
      );
      expect([codexText(r.value), r.diagnostics.map((d) => `${d.rule}:${d.file}`)]).toEqual([
        undefined,
        ["discover/project-root-failed:/r/locked/.git"],
      ]);
    });

    it("an invalid-UTF-8 global file is skipped as Codex does, reported", () => {
      const r = run({ "/home/.codex/AGENTS.md": new Uint8Array([0xff]), "/repo": { dir: true } });
      expect([r.value.global, r.diagnostics.map((d) => d.rule)]).toEqual([
        undefined,
        ["agents-md/global-invalid-utf8"],
      ]);
    });
  });
});
