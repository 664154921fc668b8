// Conformance: multi-turn sessions through the real Codex CLI (`codex exec`, then `codex exec resume <id>`)
// against promptc's session, item for item. Data-derived items (environment diffs, AGENTS.md, developer
// instructions, user and assistant messages) must be byte-identical; prose items must carry the same fragment.
// Skipped when the binary cannot be found or installed (find-agent.ts).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import type { ResponseItem } from "../../src/model/items.js";
import { createSession, nextRequest, recordItems } from "../../src/session/session.js";
import { matchFragment } from "../../src/fragments/markers.js";
import { mergeProse, type ProseEntry } from "../../src/fragments/prose-set.js";
import { defaultProse } from "../../src/compile/compile.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const REPLY = "Done.";
/** Small usage: no compaction between the two turns. */
const STUB_INPUT_TOKENS = 100;

interface Body {
  input: ResponseItem[];
  prompt_cache_key: string;
  tools: unknown[];
}

const textOf = (item: ResponseItem): string[] =>
  item.type === "message" ? item.content.map((c) => ("text" in c ? c.text : c.type)) : [item.type];

/** Data-derived parts compare byte for byte; prose parts (base instructions, permissions, skills) by their tag. */
function comparable(item: ResponseItem, data: ReadonlySet<string>): { role: string; parts: string[] } {
  const role = item.type === "message" ? item.role : item.type;
  const parts = textOf(item).map((t) => {
    const fragment = matchFragment(t);
    if (
      fragment === "environment-context" ||
      fragment === "agents-md" ||
      role === "user" ||
      role === "assistant" ||
      data.has(t)
    )
      return t;
    const tag = /^<([a-z_ ]+)>/.exec(t)?.[1];
    return tag ? `<${tag}> (prose)` : "(prose)";
  });
  return { role, parts };
}

/** Codex's AGENTS.md sentences are its prose: taken from the items request 2 appended, never shipped. */
function sentencesFrom(bodies: readonly Body[]): { [id: string]: ProseEntry } {
  const entries: { [id: string]: ProseEntry } = {};
  for (const t of bodies[1]?.input.slice(bodies[0]?.input.length ?? 0).flatMap(textOf) ?? []) {
    const replaced = /^# AGENTS\.md instructions for [^\n]*\n\n<INSTRUCTIONS>\n([^\n]+)\n\n/.exec(t)?.[1];
    const removed = /^# AGENTS\.md instructions\n\n<INSTRUCTIONS>\n([^\n]+)\n<\/INSTRUCTIONS>$/.exec(t)?.[1];
    if (replaced !== undefined)
      entries["agents-md-replaced"] = {
        id: "agents-md-replaced",
        kind: "text",
        source: replaced,
        origin: "user-supplied",
      };
    if (removed !== undefined)
      entries["agents-md-removed"] = {
        id: "agents-md-removed",
        kind: "text",
        source: removed,
        origin: "user-supplied",
      };
  }
  return entries;
}

interface Case {
  /** Turn 2 runs in workspace b (no AGENTS.md of its own) instead of a. */
  moveCwd?: boolean;
  /** The workspace AGENTS.md is deleted before turn 2. */
  removeAgentsMd?: boolean;
  /** config.toml developer_instructions for turn 1 and turn 2. */
  developer?: [string | undefined, string | undefined];
}

interface Run {
  bodies: Body[];
  ours: Body[];
  data: Set<string>;
}

async function runSession(bin: string, c: Case): Promise<Run> {
  const bodies: Body[] = [];
  const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: STUB_INPUT_TOKENS });
  const root = mkdtempSync(join(tmpdir(), "promptc-conf-session-"));
  try {
    const home = join(root, "home");
    const a = join(root, "ws", "a");
    const b = join(root, "ws", "b");
    for (const dir of [home, join(root, "ws", ".git"), a, b]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, "ws", "AGENTS.md"), "Conformance workspace: keep answers short.\n");
    const config = (developer: string | undefined) =>
      writeFileSync(
        join(home, "config.toml"),
        `model = "gpt-5.2-codex"\nmodel_provider = "stub"\n${developer !== undefined ? `developer_instructions = ${JSON.stringify(developer)}\n` : ""}` +
          stubProviderToml(stub.baseUrl),
      );
    const env = { ...process.env, CODEX_HOME: home, STUB_KEY: "x" };
    const exec = (args: string[]) =>
      new Promise<void>((resolve) => {
        const child = execFile(
          bin,
          ["exec", "--skip-git-repo-check", ...args],
          { cwd: root, env, timeout: 120_000 },
          () => resolve(),
        );
        child.stdin?.end(); // codex exec reads extra input from a non-TTY stdin until EOF
      });
    // promptc discovers each turn right after Codex ran it: same files, same CODEX_HOME (Codex installs system skills).
    const host = createNodeHost({ env: { ...process.env, CODEX_HOME: home } });
    const ctx = (cwd: string, message: string, sid: string) => {
      const r = loadTurnContext(host, { cwd, codexHome: home, sessionId: sid, message, shell: "bash" });
      if (!r.value) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
      return r.value;
    };
    const cwd2 = c.moveCwd ? b : a;
    config(c.developer?.[0]);
    await exec(["-C", a, "hello 1"]);
    const sid = bodies[0]?.prompt_cache_key ?? "";
    const ctx1 = ctx(a, "hello 1", sid);
    if (c.removeAgentsMd) rmSync(join(root, "ws", "AGENTS.md"));
    config(c.developer?.[1]);
    await exec(["-C", cwd2, "resume", sid, "hello 2"]);
    const ctx2 = ctx(cwd2, "hello 2", sid);

    const prose = mergeProse(defaultProse("codex"), { entries: sentencesFrom(bodies) });
    const t1 = nextRequest(createSession({ profile: "codex", prose }), ctx1);
    // The reply as Codex recorded it (the stub's id msg_1); the session records it like any assistant item.
    const reply = bodies[1]?.input.find((i) => i.type === "message" && i.role === "assistant");
    const s1 = reply ? recordItems(t1.session, [reply]).session : t1.session;
    const t2 = nextRequest(s1, ctx2);
    const data = new Set(c.developer?.filter((d): d is string => d !== undefined) ?? []);
    return { bodies, ours: [t1.request as unknown as Body, t2.request as unknown as Body], data };
  } finally {
    await stub.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const CASES = {
  same: {},
  "cwd change (AGENTS.md re-sent with the replacement sentence)": { moveCwd: true },
  "AGENTS.md deleted (withdrawal, no env diff)": { removeAgentsMd: true },
  "developer instructions changed (nothing appended)": { developer: ["DEV A", "DEV B"] },
} satisfies { [name: string]: Case };
type CaseName = keyof typeof CASES;
const NAMES = Object.keys(CASES) as CaseName[];

describe.skipIf(skipBecause("conformance codex-cli sessions", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : "(missing)"} sessions vs promptc`,
  () => {
    const runs = new Map<CaseName, Run>();
    beforeAll(async () => {
      if (!("bin" in codex)) return;
      for (const name of NAMES) runs.set(name, await runSession(codex.bin, CASES[name]));
    });

    it.each(NAMES)("%s: Codex sent two requests with one cache key, the first a prefix of the second", (name) => {
      const r = runs.get(name)!;
      expect(r.bodies).toHaveLength(2);
      expect(r.bodies[1]!.prompt_cache_key).toBe(r.bodies[0]!.prompt_cache_key);
      expect(r.bodies[1]!.input.slice(0, r.bodies[0]!.input.length)).toEqual(r.bodies[0]!.input);
    });

    it.each(NAMES)("%s: every request matches promptc item for item", (name) => {
      const r = runs.get(name)!;
      for (const k of [0, 1]) {
        expect(r.ours[k]!.input.map((i) => comparable(i, r.data))).toEqual(
          r.bodies[k]!.input.map((i) => comparable(i, r.data)),
        );
      }
    });

    it("took both AGENTS.md sentences from Codex's own requests (so their bytes were compared, not stand-ins)", () => {
      expect(
        Object.keys(sentencesFrom(runs.get("cwd change (AGENTS.md re-sent with the replacement sentence)")!.bodies)),
      ).toEqual(["agents-md-replaced"]);
      expect(Object.keys(sentencesFrom(runs.get("AGENTS.md deleted (withdrawal, no env diff)")!.bodies))).toEqual([
        "agents-md-removed",
      ]);
    });
  },
);
