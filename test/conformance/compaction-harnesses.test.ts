// Conformance: the pi, claude-code and gemini-cli compaction strategies against the real pi 0.73.1, Claude Code
// 2.1.332 and Gemini CLI 0.61.0. Each agent runs offline through a compaction (pi: RPC `compact`; Claude Code:
// `/compact` under `-c -p`; Gemini CLI: auto-compression after a reply reporting 900,000 prompt tokens); the
// strategy, fed the agent's own session file from before the compaction, must produce what the agent sent next.
// The agents' prose (leads, acknowledgement) is taken from the capture at test time, never stored.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compactClaudeCode, renderClaudeCodeSummary, toolsUsedBefore } from "../../src/compact/claude-code-strategy.js";
import { compactGeminiCli } from "../../src/compact/gemini-cli-strategy.js";
import { HARNESS_COMPACT_STAND_INS } from "../../src/compact/harness-compact-prose.js";
import { buildClaudeCodeSessionItems } from "../../src/compact/claude-code-session-history.js";
import { buildGeminiSessionItems } from "../../src/compact/gemini-session-history.js";
import { buildPiSessionItems } from "../../src/compact/pi-session-history.js";
import { compactPi, renderPiSummary } from "../../src/compact/pi-strategy.js";
import type { ResponseItem } from "../../src/model/items.js";
import { CLAUDE_CODE_VERSION } from "../../src/profiles/claude-code/claude-code-facts.js";
import { GEMINI_CLI_VERSION, GEMINI_SNAPSHOT_MARKER } from "../../src/profiles/gemini-cli/gemini-facts.js";
import { PI_VERSION } from "../../src/profiles/pi/pi-facts.js";
import { parseClaudeCodeSession } from "../../src/session-log/harness/read-claude-code-session.js";
import { parseGeminiSession } from "../../src/session-log/harness/read-gemini-session.js";
import { parsePiSession } from "../../src/session-log/harness/read-pi-session.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";
import { skipBecause } from "../skip-because.js";
import { findAgent, findAgentPackage } from "./find-agent.js";
import { piRpcScript, runProcess, scratch, withServer, writeJson, type Body } from "./harness-compaction-runs.js";

/** Records as the JSONL lines session-log/'s readers take. */
const lines = (records: readonly unknown[]) => linesOfText(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`);

const pi = findAgentPackage("pi");
const PI = "dir" in pi ? pi.dir : "";
const gemini = findAgentPackage("gemini-cli");
const GEMINI = "dir" in gemini ? gemini.dir : "";
const claude = findAgent("claude-code");
const CLAUDE = "bin" in claude ? claude.bin : "";
const BASE_ENV = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  TERM: "dumb",
  LANG: "C.UTF-8",
  NO_PROXY: "127.0.0.1,localhost",
};

const words = (tag: string, n: number) =>
  [tag, ...Array.from({ length: n }, (_, i) => `${tag.toLowerCase()}w${i}`)].join(" ");
const jsonLines = (file: string): unknown[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as unknown);
const onlyFile = (dir: string): string => {
  const found = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
  expect(found).toHaveLength(1);
  return join(dir, found[0]!);
};

/** One line per text, tool call or tool result, the same for Anthropic, Gemini and history items. */
type Print = string;
function printItems(items: readonly ResponseItem[]): Print[] {
  return items.flatMap((i): Print[] => {
    if (i.type === "message")
      return i.content.flatMap((p) =>
        "text" in p ? [`${i.role === "assistant" ? "assistant" : "user"}:${p.text}`] : [],
      );
    if (i.type === "function_call") return [`call:${i.name}:${i.arguments}`];
    if (i.type === "function_call_output")
      return [
        `result:${typeof i.output === "string" ? i.output : i.output.map((p) => ("text" in p ? p.text : "")).join("")}`,
      ];
    return [];
  });
}
function printAnthropic(messages: readonly Body[]): Print[] {
  return messages.flatMap((m): Print[] => {
    const role = m.role === "assistant" ? "assistant" : "user";
    const blocks = typeof m.content === "string" ? [{ type: "text", text: m.content }] : ((m.content as Body[]) ?? []);
    return blocks.flatMap((b): Print[] => {
      if (b.type === "text") return [`${role}:${String(b.text)}`];
      if (b.type === "tool_use") return [`call:${String(b.name)}:${JSON.stringify(b.input)}`];
      if (b.type === "tool_result")
        return [
          `result:${typeof b.content === "string" ? b.content : (b.content as Body[]).map((c) => String(c.text ?? "")).join("")}`,
        ];
      return [];
    });
  });
}
function printGemini(contents: readonly Body[]): Print[] {
  return contents.flatMap((c) =>
    ((c.parts as Body[]) ?? []).flatMap((p): Print[] => {
      if (typeof p.text === "string") return [`${c.role === "model" ? "assistant" : "user"}:${p.text}`];
      const fc = p.functionCall as Body | undefined;
      if (fc) return [`call:${String(fc.name)}:${JSON.stringify(fc.args)}`];
      const fr = p.functionResponse as { response?: { output?: string } } | undefined;
      return fr ? [`result:${fr.response?.output ?? ""}`] : [];
    }),
  );
}

const piSkip = "skip" in pi ? pi.skip : undefined;
const geminiSkip = "skip" in gemini ? gemini.skip : undefined;
const claudeSkip = "skip" in claude ? claude.skip : undefined;

describe("compaction strategies against the real agents", () => {
  it.skipIf(skipBecause("conformance pi compaction", piSkip))(
    "pi: the summary (split turn, file lists) and the kept messages equal pi's next request",
    async () => {
      const { home, cwd } = scratch("pi");
      writeFileSync(join(cwd, "a.txt"), `${"A".repeat(800)}\n`);
      const bodies = await withServer(
        {
          replies: [
            { tool_calls: [{ name: "read", arguments: { path: "a.txt" } }] },
            words("R1", 60),
            words("R2", 60),
            { tool_calls: [{ name: "write", arguments: { path: "b.txt", content: "b".repeat(300) } }] },
            words("R3", 30),
            "SUM",
            "SUM",
            "R4",
          ],
        },
        async (server) => {
          const agent = join(home, ".pi", "agent");
          const model = { id: "m", name: "M", reasoning: false, contextWindow: 200_000, maxTokens: 8000 };
          writeJson(join(agent, "models.json"), {
            providers: {
              loopback: { baseUrl: server.origin, api: "anthropic-messages", apiKey: "dummy", models: [model] },
            },
          });
          writeJson(join(agent, "settings.json"), {
            enableInstallTelemetry: false,
            defaultProvider: "loopback",
            defaultModel: "m",
            compaction: { enabled: false, keepRecentTokens: 300 },
          });
          const commands = [
            { type: "prompt", message: words("U1", 60) },
            { type: "prompt", message: words("U2", 60) },
            { type: "prompt", message: words("U3", 60) },
            { type: "compact" },
            { type: "prompt", message: "U4 after" },
          ];
          await runProcess([process.execPath, join(PI, "dist", "cli.js"), "--mode", "rpc"], {
            cwd,
            env: { ...BASE_ENV, HOME: home, PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" },
            input: piRpcScript(commands),
          });
        },
      );
      const records = jsonLines(onlyFile(join(home, ".pi", "agent", "sessions")));
      const before = records.slice(
        0,
        records.findIndex((r) => (r as Body).type === "compaction"),
      );
      const after = bodies.at(-1)!;
      const messages = after.messages as Body[];
      const first = printAnthropic(messages)[0]!.slice("user:".length);
      const lead = first.slice(0, first.indexOf("\n\n<summary>\n"));
      const result = compactPi({
        strategy: "pi",
        history: buildPiSessionItems(parsePiSession(lines(before), "pi.jsonl").value!, (b) => b).history,
        summaryPrefix: lead,
        summaryReply: "SUM",
        turnPrefixReply: "SUM",
        keepRecentTokens: 300,
      });
      expect(result.pi?.splitTurn).toBe(true);
      expect(result.summaryText.startsWith(renderPiSummary(lead, "SUM").slice(0, -"\n</summary>".length))).toBe(true);
      expect(printItems(result.history)).toEqual(printAnthropic(messages.slice(0, -1)));
    },
    180_000,
  );

  it.skipIf(skipBecause("conformance gemini-cli compaction", geminiSkip))(
    "gemini-cli: the split, the summary turn and the kept turns equal Gemini CLI's next request",
    async () => {
      const { home, cwd } = scratch("gemini");
      writeFileSync(join(cwd, "g.txt"), "G".repeat(3000));
      writeJson(join(home, ".gemini", "settings.json"), {
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      });
      const snapshot = `${GEMINI_SNAPSHOT_MARKER}SNAP-TWO</state_snapshot>`;
      const bodies = await withServer(
        {
          replies: [
            words("M1", 300),
            words("M2", 300),
            {
              tool_calls: [{ name: "read_file", arguments: { file_path: "g.txt" } }],
              usage: { input_tokens: 900_000 },
            },
            `${GEMINI_SNAPSHOT_MARKER}SNAP-ONE</state_snapshot>`,
            snapshot,
            "M3 done",
          ],
        },
        async (server) => {
          const env = {
            ...BASE_ENV,
            HOME: home,
            GEMINI_API_KEY: "dummy",
            GOOGLE_GEMINI_BASE_URL: server.origin,
            GEMINI_TELEMETRY_ENABLED: "false",
          };
          const gemini = [
            process.execPath,
            join(GEMINI, "bundle", "gemini.js"),
            "--skip-trust",
            "-m",
            "gemini-3.8-flash",
          ];
          await runProcess([...gemini, "-p", words("U1", 300)], { cwd, env });
          await runProcess([...gemini, "--resume", "latest", "-p", words("U2", 300)], { cwd, env });
          await runProcess([...gemini, "--resume", "latest", "-p", "U3 read g.txt"], { cwd, env });
        },
      );
      const records = jsonLines(onlyFile(join(home, ".gemini", "tmp")));
      const compressedAt = records.findIndex((r) =>
        JSON.stringify((r as Body).$set ?? {}).includes(GEMINI_SNAPSHOT_MARKER),
      );
      expect(compressedAt).toBeGreaterThan(0);
      const after = bodies.at(-1)!;
      const contents = after.contents as Body[];
      const acknowledgement = printGemini(contents.filter((c) => c.role === "model").slice(0, 1))[0]!.slice(
        "assistant:".length,
      );
      const result = compactGeminiCli({
        strategy: "gemini-cli",
        history: buildGeminiSessionItems(parseGeminiSession(lines(records.slice(0, compressedAt)), "g.jsonl").value!)
          .history,
        summaryPrefix: "",
        summaryReply: snapshot,
        acknowledgement,
      });
      // The last content is the pending function response, sent after the compressed history.
      expect(printItems(result.history)).toEqual(printGemini(contents.slice(0, -1)));
    },
    240_000,
  );

  it.skipIf(skipBecause("conformance claude-code compaction", claudeSkip))(
    "claude-code: the summary, the last round kept and the re-sent Reads equal Claude Code's next request",
    async () => {
      const { home, cwd } = scratch("claude");
      const read = (name: string) => ({ name: "Read", arguments: { file_path: join(cwd, `${name}.txt`) } });
      for (const name of ["a", "b", "c"]) writeFileSync(join(cwd, `${name}.txt`), `file ${name}\n`);
      const reply = "<analysis>A</analysis><summary>CC-SUMMARY</summary>";
      const bodies = await withServer(
        {
          replies: [
            { tool_calls: [read("a"), read("b")] },
            "M1",
            { tool_calls: [read("c")] },
            { tool_calls: [read("a")] },
            "M2",
            "M3",
            reply,
            "M4",
          ],
        },
        async (server) => {
          const env = {
            ...BASE_ENV,
            HOME: home,
            ANTHROPIC_BASE_URL: server.origin,
            ANTHROPIC_API_KEY: "dummy",
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
            DISABLE_TELEMETRY: "1",
          };
          for (const [i, prompt] of [
            "U1 read a and b",
            "U2 read c then a",
            "U3 short",
            "/compact",
            "U4 after",
          ].entries())
            await runProcess([CLAUDE, ...(i > 0 ? ["-c"] : []), "-p", prompt, "--allowedTools", "Read"], { cwd, env });
        },
      );
      const records = jsonLines(onlyFile(join(home, ".claude", "projects")));
      const boundary = records.findIndex((r) => (r as Body).subtype === "compact_boundary");
      expect(boundary).toBeGreaterThan(0);
      const history = buildClaudeCodeSessionItems(
        parseClaudeCodeSession(lines(records.slice(0, boundary)), "c.jsonl").value!,
      ).history;
      const real = printAnthropic(bodies.at(-1)!.messages as Body[]);
      const lead = real[0]!.slice("user:".length).split("\n\n")[0]!;
      const result = compactClaudeCode({
        strategy: "claude-code",
        history,
        summaryPrefix: lead,
        summaryReply: reply,
        readWrappers: HARNESS_COMPACT_STAND_INS.claudeCodeReadWrappers,
      });
      const ours = printItems(result.history);
      expect(
        real[0]!.startsWith(
          `user:${renderClaudeCodeSummary(lead, toolsUsedBefore(history.slice(0, result.split!.cutIndex)), reply, "")}`,
        ),
      ).toBe(true);
      expect(real.slice(1, 2)).toEqual(ours.slice(1, 2)); // the last round, verbatim
      // The re-sent Reads (newest first): input and result inside <system-reminder>, after Claude Code's own lines.
      const data = (print: string, wrapper: string) => print.slice(print.indexOf(wrapper) + wrapper.length);
      const wrappers = HARNESS_COMPACT_STAND_INS.claudeCodeReadWrappers;
      const resent = ours.slice(2);
      expect(resent).toHaveLength(6);
      resent.forEach((print, k) =>
        expect(real[2 + k]!.trimEnd().endsWith(data(print, k % 2 === 0 ? wrappers.call : wrappers.result))).toBe(true),
      );
      expect(real[8]).not.toMatch(/^user:<system-reminder>\n[^\n]*Read/); // nothing more re-sent
    },
    300_000,
  );
});
