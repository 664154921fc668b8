// One profile shape (DESIGN.md principle 6): every registered profile is a value of `Profile`, previews through
// the one `promptc preview` path, and nothing outside src/profiles/ keeps a table keyed by profile ids.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileReads } from "../../src/cli/profile-flags.js";
import { hasEnvelopeLayout, PROFILE_IDS, PROFILE_LIST, profileIdList } from "../../src/profiles/index.js";
import { runCli } from "../lint/run-lint-cli.js";
import { SRC, sourceFiles } from "./source-files.js";

let root = "";
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-one-shape-")));
  mkdirSync(join(root, "home"));
  mkdirSync(join(root, "w"));
  writeFileSync(join(root, "w", "AGENTS.md"), "Be brief.\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The CLI with a scratch home and cache, and no agents on PATH. */
async function cli(args: string[]) {
  const env = { PATH: "", HOME: join(root, "home"), XDG_CACHE_HOME: join(root, "cache") };
  const r = await runCli(args, root, undefined, env);
  return { code: r.code, out: r.stdout, err: r.stderr };
}

/** Object keys that are profile ids (`"claude-code": {`, `pi: {`), per line. */
function profileKeysIn(text: string): Set<string> {
  const ids = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:"([a-z][\w-]*)"|([a-z]\w*))\s*:/gm)) {
    const key = m[1] ?? m[2]!;
    if (PROFILE_IDS.includes(key)) ids.add(key);
  }
  return ids;
}

describe("one profile shape", () => {
  it.each(PROFILE_LIST.map((p) => [p.id, p] as const))("previews %s through `promptc preview`", async (_, p) => {
    // A profile with its own discovery reads the agent's config under --home (the others take --codex-home).
    const home = profileReads(p, "harness discovery") ? ["--home", "home"] : ["--codex-home", "home"];
    const args = ["preview", "--profile", p.id, "-C", "w", ...home, "--date", "2026-01-02"];
    const json = await cli([...args, "--json", "say hi"]);
    const table = await cli([...args, "say hi"]);
    expect([json.code, json.err.split("\n").filter((l) => l.startsWith("error"))]).toEqual([0, []]);
    expect(JSON.stringify(JSON.parse(json.out))).toContain("say hi");
    expect([table.code, table.out]).toEqual([0, expect.stringContaining(p.id)]);
  });

  it.each(PROFILE_LIST.filter((p) => !hasEnvelopeLayout(p)).map((p) => p.id))(
    "says in one line that run cannot drive %s, from its layout",
    async (id) => {
      const r = await cli(["run", "--profile", id, "--dry-run", "-C", "w", "hi"]);
      expect([r.code, r.out, r.err.split("\n").length]).toEqual([2, "", 2]);
      expect(r.err).toContain(`promptc preview --profile ${id} shows it`);
    },
  );

  it("lists the whole registry in --profile's help and in an unknown-profile error", async () => {
    const help = await cli(["preview", "--help"]);
    const bad = await cli(["preview", "--profile", "nope", "-C", "w"]);
    expect(help.out.replace(/\s+/g, " ")).toContain(`harness profile: ${profileIdList()}`);
    expect(bad.err).toContain(`expected ${profileIdList()}`);
  });

  it("says every profile's layout, wire format and tokenizer as data", () => {
    for (const p of PROFILE_LIST) {
      expect(["envelopes", "body"]).toContain(p.layout.type);
      expect(typeof p.wire.format).toBe("string");
      expect(typeof p.tokenizer.estimate).toBe("boolean");
      expect(typeof p.discovery.type).toBe("string");
    }
  });

  it("keeps no table keyed by profile ids outside src/profiles/", () => {
    const tables = sourceFiles()
      .filter((f) => !f.startsWith("profiles/"))
      .flatMap((f) => {
        const keys = profileKeysIn(readFileSync(join(SRC, f), "utf8"));
        return keys.size >= 2 ? [`${f}: ${[...keys].join(", ")}`] : [];
      });
    expect(tables).toEqual([]);
  });

  it("finds the tables it looks for", () => {
    expect([...profileKeysIn('const T = {\n  "claude-code": a,\n  pi: b,\n  other: c,\n};')]).toEqual([
      "claude-code",
      "pi",
    ]);
  });
});
