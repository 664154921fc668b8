import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildRequestView } from "../../src/capture/request-view.js";
import { escapeHtml, renderHtmlReport, sectionFromCompile, sectionFromView } from "../../src/cli/format/html-report.js";
import type { Manifest } from "../../src/model/manifest.js";
import { skipBecause } from "../skip-because.js";

const m = (role: string, ...texts: string[]) => ({
  type: "message",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});
const body = {
  model: "m",
  input: [
    m("developer", "Base words ".repeat(200)),
    m("user", "<environment_context>\n  <cwd>/r</cwd>\n</environment_context>"),
    m("user", 'look: <script>alert(1)</script> & "q"'),
  ],
  tools: [{ type: "function", name: "shell", description: "d", parameters: {} }],
};
const html = renderHtmlReport({
  title: "Report <test>",
  sections: [sectionFromView(buildRequestView(JSON.stringify(body)), "#1 POST /v1/responses", 1000)],
});

function findChromium(): string | undefined {
  for (const c of [
    process.env.CHROMIUM_BIN,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ])
    if (c && existsSync(c)) return c;
  return undefined;
}

describe("renderHtmlReport", () => {
  it("is self-contained: no scripts, no external references, a CSP that forbids loading anything", () => {
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it("escapes every text it shows", () => {
    expect(html).toContain("Report &lt;test&gt;");
    expect(html).toContain("look: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;");
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("draws one bar segment per layer with widths proportional to tokens against the window", () => {
    const segs = [...html.matchAll(/class="seg" data-layer="([^"]+)" data-tokens="(\d+)" style="width:([\d.]+)%/g)].map(
      (x) => [x[1], Number(x[2]), Number(x[3])],
    );
    expect(segs.map((s) => s[0])).toEqual(["base-instructions", "environment", "user-message", "tools"]);
    const total = segs.reduce((n, s) => n + (s[1] as number), 0);
    for (const s of segs) expect(s[2]).toBeCloseTo((100 * (s[1] as number)) / Math.max(1000, total), 3);
  });
});

describe("sectionFromView", () => {
  it("names each fragment by its path in the dialect's body and shows cache breakpoints", () => {
    const messages = {
      model: "c",
      system: [{ type: "text", text: "S", cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      tools: [{ name: "Bash", input_schema: {}, cache_control: { type: "ephemeral" } }],
      max_tokens: 5,
    };
    const s = sectionFromView(buildRequestView(JSON.stringify(messages), "anthropic-messages"), "t", 100);
    expect(s.fragments.map((f) => [f.where, f.cache ?? null])).toEqual([
      ["system[0]", "ephemeral"],
      ["messages[0].content[0]", null],
    ]);
    expect(s.tools.map((t) => t.name)).toEqual(["Bash (cache breakpoint: ephemeral)"]);
    const page = renderHtmlReport({ title: "t", sections: [s] });
    expect(page).toContain(
      '<code>system[0]</code> system · <b>base-instructions</b> · 1 tokens · 1 bytes · <span class="cache">cache breakpoint: ephemeral</span>',
    );
    expect(page).toContain("<code>messages[0].content[0]</code> user · <b>user-message</b>");
    const responses = sectionFromView(
      buildRequestView(JSON.stringify({ model: "m", instructions: "I", input: [m("user", "u")] })),
      "t",
      100,
    );
    expect(responses.fragments.map((f) => f.where)).toEqual(["instructions", "input[0].content[0]"]);
  });
});

describe("sectionFromCompile", () => {
  it("takes fragment text from the request and flags truncated sources", () => {
    const manifest = {
      profile: "codex",
      model: "m",
      encoding: "o200k_base",
      fragments: [
        {
          id: "agents-md",
          layer: "agents-md",
          itemIndex: 0,
          contentIndex: 0,
          sources: [{ path: "/r/AGENTS.md", bytesIn: 100, bytesKept: 40 }],
          bytes: 40,
          tokens: 9,
          approxTokens: 10,
          templates: [],
          prose: "data",
          hash: "h",
        },
      ],
      tools: [{ name: "shell", bytes: 10, tokens: 3, approxTokens: 3, prose: "stand-in", hash: "t" }],
      totals: {
        requestBytes: 0,
        fragmentBytes: 0,
        fragmentTokens: 0,
        fragmentApproxTokens: 0,
        toolBytes: 0,
        toolTokens: 0,
        items: 1,
      },
      fingerprint: { request: "", stablePrefix: "", items: [] },
    } satisfies Manifest;
    const s = sectionFromCompile(
      { request: { model: "m", input: [m("user", "DOC")] }, manifest, diagnostics: [] },
      "preview",
      500,
    );
    expect(s.fragments).toEqual([
      {
        id: "agents-md",
        layer: "agents-md",
        role: "user",
        itemIndex: 0,
        contentIndex: 0,
        tokens: 9,
        bytes: 40,
        text: "DOC",
        sources: ["/r/AGENTS.md 40 of 100 B"],
        flagged: true,
        note: "truncated: /r/AGENTS.md kept 40 of 100 bytes",
      },
    ]);
    expect(s.params).toEqual([{ key: "model", json: '"m"' }]);
  });

  const skillsManifest = (): Manifest => ({
    profile: "codex",
    model: "m",
    encoding: "o200k_base",
    fragments: [
      {
        id: "skills",
        layer: "developer",
        itemIndex: 0,
        contentIndex: 0,
        sources: [{ path: "/r/.agents/skills/a/SKILL.md", bytesIn: 278, bytesKept: 84 }],
        bytes: 90,
        tokens: 20,
        approxTokens: 23,
        templates: ["skills-preamble"],
        prose: "stand-in",
        hash: "h",
      },
    ],
    tools: [],
    totals: {
      requestBytes: 0,
      fragmentBytes: 0,
      fragmentTokens: 0,
      fragmentApproxTokens: 0,
      toolBytes: 0,
      toolTokens: 0,
      items: 1,
    },
    fingerprint: { request: "", stablePrefix: "", items: [] },
  });

  it("does not call the skills list truncated because it lists only names and descriptions", () => {
    const s = sectionFromCompile(
      { request: { model: "m", input: [m("developer", "LIST")] }, manifest: skillsManifest(), diagnostics: [] },
      "preview",
      500,
    );
    expect(s.fragments).toEqual([
      {
        id: "skills",
        tag: "[stand-in prose]",
        layer: "developer",
        role: "developer",
        itemIndex: 0,
        contentIndex: 0,
        tokens: 20,
        bytes: 90,
        text: "LIST",
        sources: ["/r/.agents/skills/a/SKILL.md name and description 84 B of 278"],
        flagged: false,
      },
    ]);
  });

  it("flags the skills list when a skills diagnostic says descriptions were shortened", () => {
    const shortened = {
      rule: "skills/descriptions-shortened",
      severity: "warning" as const,
      message: "1 of 1 skill descriptions shortened",
    };
    const s = sectionFromCompile(
      {
        request: { model: "m", input: [m("developer", "LIST")] },
        manifest: skillsManifest(),
        diagnostics: [shortened],
      },
      "preview",
      500,
    );
    expect(s.fragments.map((f) => f.flagged)).toEqual([true]);
  });

  it("shows diagnostics with paths relative to the working directory, as the terminal view does", () => {
    const diagnostics = [
      {
        rule: "skills/unreadable",
        severity: "warning" as const,
        message: "skipped: cannot read /r/.agents/skills/a/SKILL.md: permission denied",
        file: "/r/.agents/skills/a/SKILL.md",
      },
      { rule: "agents-md/crlf", severity: "info" as const, message: "CRLF line ends", file: "/r/sub/AGENTS.md" },
      { rule: "config/x", severity: "error" as const, message: "bad", file: "/etc/codex/config.toml" },
    ];
    const s = sectionFromCompile(
      { request: { model: "m", input: [m("developer", "LIST")] }, manifest: skillsManifest(), diagnostics },
      "preview",
      500,
      "/r/sub",
    );
    const shown = renderHtmlReport({ title: "t", sections: [s] }).match(/<ul class="diagnostics">.*?<\/ul>/s)?.[0];
    expect(shown?.split("</li>").slice(0, 3)).toEqual([
      '<ul class="diagnostics"><li class="warning"><b>warning</b> <code>skills/unreadable</code> skipped: cannot read ../.agents/skills/a/SKILL.md: permission denied',
      '<li class="info"><b>info</b> <code>agents-md/crlf</code> AGENTS.md: CRLF line ends',
      '<li class="error"><b>error</b> <code>config/x</code> /etc/codex/config.toml: bad',
    ]);
  });
});

/** Each Chromium run's kill deadline: a wide margin, as Chromium starts slowly on a busy machine. */
const CHROMIUM_DEADLINE_MS = 120_000;

describe("renderHtmlReport in headless Chromium", () => {
  const chromium = findChromium();
  it.skipIf(
    skipBecause(
      "capture-html: browser check",
      chromium ? undefined : "chromium not installed (apt-get install chromium)",
    ),
  )("renders the bar and a collapsible entry per fragment", { timeout: 2 * CHROMIUM_DEADLINE_MS + 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "promptc-html-"));
    const file = join(dir, "report.html");
    writeFileSync(file, html);
    const flags = [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      `--user-data-dir=${join(dir, "profile")}`,
    ];
    const dom = execFileSync(chromium as string, [...flags, "--dump-dom", `file://${file}`], {
      encoding: "utf8",
      timeout: CHROMIUM_DEADLINE_MS,
      stdio: ["ignore", "pipe", "ignore"],
    });
    expect(dom.match(/class="seg"/g)).toHaveLength(4);
    expect(dom.match(/<details class="fragment/g)).toHaveLength(3);
    expect(dom).not.toMatch(/<script/);
    execFileSync(
      chromium as string,
      [...flags, `--screenshot=${join(dir, "report.png")}`, "--window-size=1200,900", `file://${file}`],
      { timeout: CHROMIUM_DEADLINE_MS, stdio: "ignore" },
    );
    expect(existsSync(join(dir, "report.png"))).toBe(true);
    console.log(`capture-html: screenshot at ${join(dir, "report.png")}`);
  });
});
