// The shared turn flags: checked at the door (one line, exit 2) for preview and run alike, the message given
// once (argument, -m or --message-file), and `run --dry-run` sending byte for byte what `preview --json` shows
// for every flag the module accepts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { parseTurnFlags, readTurnMessage, TURN_FLAG_KEYS, type TurnFlags } from "../../src/cli/turn-flags.js";
import { capture, tempDir } from "./cli-capture.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BASIC = join(ROOT, "fixtures", "workspaces", "basic");
const CWD = join(BASIC, "packages", "api");
const HOME = join(BASIC, ".codex-home");
const ENV = { HOME: "/nonexistent-home", CODEX_HOME: HOME, SHELL: "/bin/bash", TZ: "Etc/UTC" };
const FIXED = [
  "--session-id",
  "11111111-2222-7333-8444-555555555555",
  "--date",
  "2026-11-29",
  "--timezone",
  "Etc/UTC",
  "--shell",
  "bash",
];

async function cli(argv: string[], stdin?: string) {
  const c = capture(ROOT, { ...ENV }, stdin);
  const code = await run(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe("parseTurnFlags", () => {
  const base: TurnFlags = { profile: "promptc" };
  it.each<[string, Partial<TurnFlags>, string]>([
    [
      "an unknown profile",
      { profile: "gemini" },
      "unknown profile 'gemini' (expected codex, promptc, claude-code, gemini-cli, pi or copilot)",
    ],
    [
      "an unknown sandbox",
      { sandbox: "open" },
      "unknown sandbox mode 'open' (expected read-only, workspace-write, danger-full-access)",
    ],
    [
      "an unknown approval policy",
      { approval: "maybe" },
      "unknown approval policy 'maybe' (expected untrusted, on-failure, on-request, never)",
    ],
    ["an empty model", { model: "" }, "--model '' is empty"],
    [
      "a model with a space",
      { model: "gpt 5" },
      "--model 'gpt 5' is not a model slug (letters, digits and . _ : / @ + -, starting with a letter or digit)",
    ],
    [
      "a model with a control byte",
      { model: "gpt-5\u001b[2J" },
      "--model 'gpt-5\u001b[2J' is not a model slug (letters, digits and . _ : / @ + -, starting with a letter or digit)",
    ],
    [
      "a model of 257 characters",
      { model: "m".repeat(257) },
      `--model '${"m".repeat(257)}' is longer than 256 characters`,
    ],
    ["February 31st", { date: "2026-02-31" }, "--date '2026-02-31' is not a calendar date (YYYY-MM-DD)"],
    [
      "February 29th of a common year",
      { date: "2027-02-29" },
      "--date '2027-02-29' is not a calendar date (YYYY-MM-DD)",
    ],
    ["month 13", { date: "2026-13-45" }, "--date '2026-13-45' is not a calendar date (YYYY-MM-DD)"],
    ["a date in another format", { date: "29/11/2026" }, "--date '29/11/2026' is not a calendar date (YYYY-MM-DD)"],
    [
      "an unknown timezone",
      { timezone: "Mars/Base" },
      "--timezone 'Mars/Base' is not an IANA timezone (e.g. Europe/Paris, Etc/UTC)",
    ],
    ["an empty session id", { sessionId: "" }, "--session-id is empty"],
  ])("rejects %s with one line", (_, flags, message) => {
    const r = parseTurnFlags({ ...base, ...flags }, "hi");
    expect([r.value, r.diagnostics.map((d) => [d.rule, d.severity, d.message])]).toEqual([
      undefined,
      [["cli/usage", "error", message]],
    ]);
  });

  it.each<[string, Partial<TurnFlags>]>([
    ["a leap day", { date: "2028-02-29" }],
    ["a Gregorian leap day of a 400th year", { date: "2000-02-29" }],
    ["slugs with a provider, a tag and a version", { model: "openai/gpt-oss:20b" }],
    ["a dated slug", { model: "claude-sonnet-4-5@20250929" }],
    ["a zone with a region", { timezone: "America/Argentina/Buenos_Aires" }],
  ])("accepts %s", (_, flags) => {
    expect(parseTurnFlags({ ...base, ...flags }, "hi").diagnostics).toEqual([]);
  });

  it("turns every flag into discovery's options, the decode mode from the profile", () => {
    const flags: TurnFlags = {
      profile: "codex",
      cwd: "w",
      image: ["a.png"],
      codexHome: "h",
      config: "c.toml",
      configProfile: "fast",
      model: "gpt-5",
      sandbox: "workspace-write",
      approval: "on-request",
      sessionId: "s",
      date: "2026-01-02",
      timezone: "Europe/Paris",
      shell: "zsh",
      baseInstructions: "~/base.md",
      proseDir: "prose",
    };
    const r = parseTurnFlags(flags, "hello");
    const v = r.value !== undefined && "load" in r.value ? r.value : undefined;
    expect(v && { profile: v.profile.id, load: v.load, proseDir: v.proseDir }).toEqual({
      profile: "codex",
      load: {
        decode: "lossy",
        message: "hello",
        cwd: "w",
        codexHome: "h",
        configFile: "c.toml",
        configProfile: "fast",
        model: "gpt-5",
        sandbox: "workspace-write",
        approval: "on-request",
        sessionId: "s",
        date: "2026-01-02",
        timezone: "Europe/Paris",
        shell: "zsh",
        images: ["a.png"],
        baseInstructionsFile: "~/base.md",
      },
      proseDir: "prose",
    });
    // The entry point's approval rules are the turn setup's to resolve (setup-turn.test.ts); a preview says which.
    expect(v && [v.interactive, v.describeApproval]).toEqual([undefined, true]);
  });

  it("asks for the interactive entry point with --tui for the codex profile and refuses it for a profile with one", () => {
    const tui = parseTurnFlags({ profile: "codex", tui: true }, "hi");
    expect(tui.value && "load" in tui.value ? tui.value.interactive : undefined).toBe(true);
    const promptc = parseTurnFlags({ profile: "promptc", tui: true }, "hi");
    expect([promptc.value, promptc.diagnostics.map((d) => d.message)]).toEqual([
      undefined,
      ["--tui: the promptc profile has no interactive entry point of its own"],
    ]);
  });
});

describe("readTurnMessage", () => {
  const io = capture(ROOT, {}, "from stdin").io;
  it.each<[string, string[], Partial<TurnFlags>, unknown]>([
    ["the argument, words joined", ["fix", "the", "bug"], {}, { message: "fix the bug" }],
    ["-m", [], { message: "hi" }, { message: "hi" }],
    ["standard input", [], { messageFile: "-" }, { message: "from stdin" }],
    ["nothing", [], {}, { message: undefined }],
    [
      "the argument and -m",
      ["a"],
      { message: "b" },
      { error: "give the message once: a message argument and -m both set it" },
    ],
    [
      "-m and --message-file",
      [],
      { message: "b", messageFile: "f" },
      { error: "give the message once: -m and --message-file both set it" },
    ],
    [
      "a missing file",
      [],
      { messageFile: "no/such/file" },
      { error: "cannot read no/such/file: no such file or directory" },
    ],
  ])("takes %s", async (_, words, flags, expected) => {
    expect(await readTurnMessage(words, { profile: "promptc", ...flags }, io)).toEqual(expected);
  });
});

describe("turn flags at the door", () => {
  it.each([
    [["--model", ""], "--model '' is empty"],
    [["--model", "gpt 5"], "--model 'gpt 5' is not a model slug"],
    [["--date", "2026-02-31"], "--date '2026-02-31' is not a calendar date (YYYY-MM-DD)"],
    [["--timezone", "Mars/Base"], "--timezone 'Mars/Base' is not an IANA timezone"],
    [["-m", "a", "b"], "give the message once: a message argument and -m both set it"],
  ])("preview and run both exit 2 with one line for %j", async (args, reason) => {
    for (const verb of [
      ["preview", "--json"],
      ["run", "--dry-run"],
    ]) {
      const r = await cli([...verb, "-C", CWD, ...args, ...(args.includes("-m") ? [] : ["hi"])]);
      expect({
        verb: verb[0],
        code: r.code,
        out: r.out,
        lines: r.err.trim().split("\n").length,
        err: r.err.startsWith(`promptc ${verb[0]}: ${reason}`),
      }).toEqual({ verb: verb[0], code: 2, out: "", lines: 1, err: true });
    }
  });

  it("takes preview's message as an argument, like run's", async () => {
    const [arg, flag] = [
      await cli(["preview", "--json", "-C", CWD, ...FIXED, "hello", "there"]),
      await cli(["preview", "--json", "-C", CWD, ...FIXED, "-m", "hello there"]),
    ];
    expect([arg.code, arg.out]).toEqual([0, flag.out]);
    expect(JSON.parse(arg.out).input.at(-1)).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "hello there" }],
    });
  });

  it("asks run for a message when none is given", async () => {
    expect(await cli(["run", "--dry-run", "-C", CWD])).toEqual({
      code: 2,
      out: "",
      err: "promptc run: no message: promptc run MESSAGE (or -m TEXT, --message-file FILE)\n",
    });
  });
});

describe("run --dry-run and preview --json", () => {
  const dir = tempDir("promptc-turn-flags-");
  writeFileSync(
    join(dir, "config.toml"),
    'model = "gpt-5.2-codex"\nproject_root_markers = [".git", ".fixture-root"]\n',
  );
  writeFileSync(join(dir, "fast.config.toml"), 'model = "gpt-5-mini"\nsandbox_mode = "workspace-write"\n');
  writeFileSync(join(dir, "base.md"), "Our own base instructions.\n");
  writeFileSync(join(dir, "message.txt"), "the message from a file\n");
  mkdirSync(join(dir, "prose"));
  writeFileSync(join(dir, "prose", "permissions-approval-never.md"), "Nobody approves anything here.\n");
  const png =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

  // Each row adds flags to `-C CWD` and the fixed environment; together they use every flag the module accepts.
  const COMBINATIONS: [string, string[]][] = [
    ["the defaults", []],
    ["--codex-home", ["--codex-home", HOME]],
    ["--config and -p", ["--config", join(dir, "config.toml"), "-p", "fast"]],
    ["--model", ["--model", "gpt-5.1"]],
    ["--sandbox read-only", ["--sandbox", "read-only"]],
    ["--sandbox workspace-write --approval on-request", ["--sandbox", "workspace-write", "--approval", "on-request"]],
    [
      "--sandbox danger-full-access --approval untrusted",
      ["--sandbox", "danger-full-access", "--approval", "untrusted"],
    ],
    ["--approval on-failure", ["--approval", "on-failure"]],
    ["--base-instructions", ["--base-instructions", join(dir, "base.md")]],
    ["--prose-dir", ["--prose-dir", join(dir, "prose")]],
    ["--image", ["-i", png]],
    ["--message-file", ["--message-file", join(dir, "message.txt")]],
    ["-m", ["-m", "a message by flag"]],
    [
      "another cwd, date, timezone and shell",
      ["-C", BASIC, "--date", "2027-02-28", "--timezone", "Europe/Paris", "--shell", "zsh"],
    ],
    [
      "everything at once",
      [
        "--codex-home",
        HOME,
        "--config",
        join(dir, "config.toml"),
        "-p",
        "fast",
        "--model",
        "gpt-5.1",
        "--sandbox",
        "workspace-write",
        "--approval",
        "on-request",
        "--base-instructions",
        join(dir, "base.md"),
        "--prose-dir",
        join(dir, "prose"),
        "-i",
        png,
      ],
    ],
  ];
  // Flags only the codex profile takes (the promptc profile refuses --tui: it has one entry point).
  const CODEX_COMBINATIONS: [string, string[]][] = [
    ["--tui", ["--tui"]],
    ["--tui --approval never", ["--tui", "--approval", "never"]],
  ];
  const message = (flags: string[]) =>
    flags.includes("-m") || flags.includes("--message-file") ? [] : ["use $release-notes please"];

  it("cover every flag of the module", () => {
    const used = new Set(
      [...COMBINATIONS, ...CODEX_COMBINATIONS]
        .flatMap(([, f]) => f.filter((x) => x.startsWith("-")))
        .concat(
          FIXED.filter((x) => x.startsWith("-")),
          ["-C", "--profile"],
        ),
    );
    const short: { [flag: string]: string } = {
      "-C": "--cwd",
      "-m": "--message",
      "-i": "--image",
      "-p": "--config-profile",
    };
    // --approval-mode feeds a harness's own approval modes (gemini-cli), which promptc and codex refuse.
    const long = new Set([...[...used].map((f) => short[f] ?? f), "--approval-mode"]);
    expect(
      TURN_FLAG_KEYS.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).filter((f) => !long.has(f)),
    ).toEqual([]);
  });

  it.each(COMBINATIONS)("send the same bytes for the promptc profile with %s", async (_, flags) => {
    const args = ["-C", CWD, ...FIXED, ...flags, ...message(flags)];
    const preview = await cli(["preview", "--json", ...args]);
    const dry = await cli(["run", "--dry-run", ...args]);
    expect({ preview: preview.code, run: dry.code, runErr: dry.err }).toEqual({ preview: 0, run: 0, runErr: "" });
    expect(dry.out).toBe(`${preview.out}\n`);
  });

  it.each([...COMBINATIONS, ...CODEX_COMBINATIONS])(
    "send the same body but run's own tools for the codex profile with %s",
    async (_, flags) => {
      const args = ["-C", CWD, ...FIXED, "--profile", "codex", ...flags, ...message(flags)];
      const preview = await cli(["preview", "--json", ...args]);
      const dry = await cli(["run", "--dry-run", ...args]);
      expect({ preview: preview.code, run: dry.code }).toEqual({ preview: 0, run: 0 });
      const { tools: previewTools, ...p } = JSON.parse(preview.out) as { tools: { name: string }[] };
      const { tools: runTools, ...r } = JSON.parse(dry.out) as { tools: { name: string }[] };
      expect(r).toEqual(p);
      expect([previewTools.map((t) => t.name)[0], runTools.map((t) => t.name).includes("shell")]).toEqual([
        "exec_command",
        true,
      ]);
    },
  );
});
