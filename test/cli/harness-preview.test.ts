import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";
import { PI_VERSION } from "../../src/profiles/pi/pi-facts.js";
import { PI_STAND_IN_PROSE } from "../../src/profiles/pi/pi-prose.js";

let root = "";
const files: { [p: string]: string } = {
  "home/.claude/CLAUDE.md": "User.\n",
  "home/.pi/agent/settings.json": JSON.stringify({ defaultProvider: "loop", defaultModel: "m1" }),
  "home/.pi/agent/models.json": JSON.stringify({
    providers: {
      loop: {
        baseUrl: "http://127.0.0.1:9/v1",
        api: "anthropic-messages",
        models: [{ id: "m1", maxTokens: 4096, reasoning: false }],
      },
    },
  }),
  "home/.gemini/GEMINI.md": "Global gemini.\n",
  "w/CLAUDE.md": "Root @docs/x.md\n",
  "w/docs/x.md": "X\n",
  "w/AGENTS.md": "Agents.\n",
  "w/GEMINI.md": "Gemini @docs/x.md\n",
  "w/.cursorrules": "nobody reads me here\n",
};

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "promptc-harness-cli-")));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[]) {
  let out = "";
  let err = "";
  const io: CliIO = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: { PATH: "", HOME: join(root, "home"), XDG_CACHE_HOME: join(root, "cache") },
    cwd: root,
  };
  const code = await run(args, io);
  return { code, out, err };
}

describe("promptc preview with a harness profile", () => {
  it("prints Claude Code's Messages body with --json, the CLAUDE.md chain in the first user message", async () => {
    const r = await cli([
      "preview",
      "--profile",
      "claude-code",
      "-C",
      "w",
      "--home",
      "home",
      "--date",
      "2026-12-01",
      "--json",
      "hello",
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as {
      messages: { role: string; content: { text: string }[] }[];
      system: { text: string }[];
    };
    expect(Object.keys(body)).toEqual([
      "model",
      "messages",
      "system",
      "tools",
      "metadata",
      "max_tokens",
      "thinking",
      "context_management",
      "output_config",
      "stream",
    ]);
    expect(body.system[0]?.text).toBe("x-anthropic-billing-header: cc_version=2.1.332.9a2; cc_entrypoint=sdk-cli;");
    const md = body.messages[0]?.content[0]?.text ?? "";
    expect(md).toContain(
      `Contents of ${root}/home/.claude/CLAUDE.md (user's private global instructions for all projects):\n\nUser.`,
    );
    expect(md).toContain(
      `Contents of ${root}/w/docs/x.md (project instructions, checked into the codebase):\n\nX\n</system-reminder>`,
    );
    expect(body.messages[1]?.content[0]?.text).toContain("Today's date is 2026-12-01.");
    expect(r.err).toContain("claude-md/agents-md-ignored");
  });

  it("prints pi's body for the provider in ~/.pi/agent", async () => {
    const r = await cli([
      "preview",
      "--profile",
      "pi",
      "-C",
      "w",
      "--home",
      "home",
      "--date",
      "2026-12-01",
      "--json",
      "hi",
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { model: string; max_tokens: number; system: { text: string }[] };
    expect(Object.keys(body)).toEqual(["model", "messages", "max_tokens", "stream", "system", "tools"]);
    expect(body.max_tokens).toBe(4096);
    expect(body.system[0]?.text).toContain(`## ${root}/w/AGENTS.md\n\nAgents.\n\n\n`);
    expect(body.system[0]?.text.endsWith(`\nCurrent date: 2026-12-01\nCurrent working directory: ${root}/w`)).toBe(
      true,
    );
  });

  it("renders the calibrated prose from the cache, and the stand-ins with --no-calibration", async () => {
    const path = join(root, "cache", "promptc", "calibration", `pi-${PI_VERSION}.json`);
    mkdirSync(dirname(path), { recursive: true });
    const prose = { ...PI_STAND_IN_PROSE, origin: "user-supplied", base: "CALIBRATED BASE" };
    writeFileSync(path, JSON.stringify({ profile: "pi", agentVersion: PI_VERSION, source: "test", prose }));
    const args = ["preview", "--profile", "pi", "-C", "w", "--home", "home", "--json", "hi"];
    try {
      const [calibrated, standIn] = [await cli(args), await cli([...args, "--no-calibration"])];
      expect([calibrated.code, calibrated.out.includes("CALIBRATED BASE")]).toEqual([0, true]);
      expect([standIn.code, standIn.out.includes("CALIBRATED BASE"), standIn.out.includes("[stand-in prose]")]).toEqual(
        [0, false, true],
      );
    } finally {
      rmSync(path);
    }
  });

  it("prints Gemini CLI's body with the tree and the inlined import", async () => {
    const r = await cli([
      "preview",
      "--profile",
      "gemini-cli",
      "-C",
      "w",
      "--home",
      "home",
      "--date",
      "2026-12-01",
      "--model",
      "gemini-3.8-flash",
      "--json",
      "hi",
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as {
      contents: { parts: { text: string }[] }[];
      systemInstruction: { parts: { text: string }[] };
    };
    const session = body.contents[0]?.parts[0]?.text ?? "";
    expect(session).toContain(`${root}/w/\n├───.cursorrules\n├───AGENTS.md`);
    expect(session).toContain("Gemini <!-- Imported from: docs/x.md -->\nX\n\n<!-- End of import from: docs/x.md -->");
    expect(body.systemInstruction.parts[0]?.text).toContain(
      `--- Context from: ${root}/home/.gemini/GEMINI.md ---\nGlobal gemini.\n--- End of Context from:`,
    );
  });

  it("shows the layer table with estimates labelled and stand-ins marked", async () => {
    const r = await cli([
      "preview",
      "--profile",
      "claude-code",
      "-C",
      "w",
      "--home",
      "home",
      "--date",
      "2026-12-01",
      "hello",
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("tokens ≈ o200k_base (estimate: no published tokenizer)");
    expect(r.out).toContain("claude-md [stand-in prose]");
  });

  it("refuses flags its discovery does not read with a harness profile", async () => {
    const r = await cli(["preview", "--profile", "pi", "-C", "w", "--sandbox", "read-only"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--sandbox cannot be used with --profile pi");
  });
});

describe("promptc preview --profile copilot", () => {
  it("prints Copilot CLI's Responses body: instruction files inline with their imports, the time before the message", async () => {
    const r = await cli([
      "preview",
      "--profile",
      "copilot",
      "-C",
      "w",
      "--home",
      "home",
      "-m",
      "hi",
      "--date",
      "2026-12-01",
      "--timezone",
      "UTC",
      "--json",
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { instructions: string; input: { content: { text: string }[] }[] };
    expect(Object.keys(body)[0]).toBe("model");
    expect(body.input[0]?.content[0]?.text).toBe(
      "<current_datetime>2026-12-01T00:00:00.000+00:00</current_datetime>\n\nhi",
    );
    expect(body.instructions).toContain(
      `<custom_instruction>\nAgents.\n\n</custom_instruction>\n\n<custom_instruction>\nRoot @docs/x.md\n\n<imported_custom_instruction source="${root}/w/docs/x.md">\nX\n</imported_custom_instruction>\n\n</custom_instruction>`,
    );
    expect(body.instructions).toContain(
      `* Current working directory: ${root}/w\n* Git repository root: Not a git repository`,
    );
    expect(r.err).toContain("copilot/no-provider");
  });
});

describe("promptc agents", () => {
  it("says per harness what loads and which files none loads", async () => {
    const r = await cli(["agents", "-C", "w", "--home", "home", "--json"]);
    expect(r.code).toBe(0);
    const v = JSON.parse(r.out) as { harnesses: { harness: string; files: { path: string }[] }[]; unloaded: string[] };
    const files = (h: string) =>
      v.harnesses.find((x) => x.harness === h)?.files.map((f) => f.path.slice(root.length + 1));
    expect(files("claude-code")).toEqual(["home/.claude/CLAUDE.md", "w/CLAUDE.md", "w/docs/x.md"]);
    expect(files("pi")).toEqual(["w/AGENTS.md"]);
    expect(files("gemini-cli")).toEqual(["home/.gemini/GEMINI.md", "w/GEMINI.md", "w/docs/x.md"]);
    expect(files("codex")).toEqual(["w/AGENTS.md"]);
    expect(files("copilot")).toEqual(["w/AGENTS.md", "w/CLAUDE.md", "w/GEMINI.md", "w/docs/x.md"]);
    expect(v.unloaded.map((p) => p.slice(root.length + 1))).toEqual(["w/.cursorrules"]);
  });
});
