import { describe, expect, it } from "vitest";
import {
  codexModelLayout,
  defaultCodexModel,
  effectiveWindowOf,
  fallbackModelLayout,
  findCodexModel,
  parseCodexCatalogue,
  resolveCodexModel,
  type CodexCatalogue,
} from "../../../src/profiles/codex-models/index.js";
import { TEST_CATALOGUE } from "./test-catalogue.js";

const catalogue = (): CodexCatalogue => parseCodexCatalogue(JSON.stringify(TEST_CATALOGUE), "test").value;
const entry = (slug: string) => findCodexModel(catalogue(), slug);

describe("parseCodexCatalogue", () => {
  it("reads debug-models output and a models_cache.json alike", () => {
    const cache = parseCodexCatalogue(
      JSON.stringify({ fetched_at: "x", etag: "e", client_version: "0.171.0", ...TEST_CATALOGUE }),
      "models_cache.json",
    );
    expect(cache.diagnostics).toEqual([]);
    expect(cache.value.clientVersion).toBe("0.171.0");
    expect(cache.value.models.map((m) => m.slug)).toEqual(["alpha-code", "beta-classic", "gamma-hidden", "delta-late"]);
  });
  it("gives a diagnostic, not an exception, for text that is no catalogue", () => {
    expect(parseCodexCatalogue("{oops", "f").diagnostics.map((d) => d.rule)).toEqual(["catalogue/invalid-json"]);
    expect(parseCodexCatalogue("{}", "f").diagnostics.map((d) => d.rule)).toEqual(["catalogue/no-models"]);
    const r = parseCodexCatalogue(JSON.stringify({ models: [{ slug: "a" }, { nope: 1 }, { slug: "a" }] }), "f");
    expect(r.value.models.map((m) => m.slug)).toEqual(["a"]);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["catalogue/bad-entry", "catalogue/duplicate-slug"]);
  });
});

describe("defaultCodexModel", () => {
  it("is the list model with the lowest priority, the first on a tie; hidden models never are", () => {
    expect(defaultCodexModel(catalogue())?.slug).toBe("alpha-code");
  });
});

describe("resolveCodexModel", () => {
  const base = { catalogue: catalogue(), fallbackSlug: "fallback-x" };
  it("takes the flag, then the config profile, then config, then the catalogue default", () => {
    expect(
      resolveCodexModel({
        ...base,
        flag: "beta-classic",
        configProfileModel: "gamma-hidden",
        configModel: "delta-late",
      }),
    ).toMatchObject({ slug: "beta-classic", source: "flag" });
    expect(resolveCodexModel({ ...base, configProfileModel: "gamma-hidden", configModel: "delta-late" })).toMatchObject(
      { slug: "gamma-hidden", source: "config-profile" },
    );
    expect(resolveCodexModel({ ...base, configModel: "delta-late" })).toMatchObject({
      slug: "delta-late",
      source: "config",
    });
    expect(resolveCodexModel(base)).toMatchObject({ slug: "alpha-code", source: "catalogue-default", diagnostics: [] });
  });
  it("says when a named slug is not in the catalogue (fallback layout)", () => {
    const r = resolveCodexModel({ ...base, flag: "no-such-model" });
    expect(r.entry).toBeUndefined();
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["model/not-in-catalogue"]);
    expect(r.diagnostics[0]?.message).toContain("fallback layout");
  });
  it("falls back to the given slug, with an info, when there is no catalogue", () => {
    const r = resolveCodexModel({ fallbackSlug: "fallback-x" });
    expect(r).toMatchObject({ slug: "fallback-x", source: "no-catalogue" });
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["model/no-catalogue"]);
  });
});

describe("codexModelLayout", () => {
  it("puts a code-mode model's tools in an input item, without parallel calls, with reasoning context and both multi-agent messages", () => {
    expect(codexModelLayout("alpha-code", entry("alpha-code"))).toEqual({
      slug: "alpha-code",
      origin: "catalogue",
      tools: {
        placement: "input-item",
        toolSearch: false,
        multiAgent: "v2",
        experimental: ["clock"],
        webSearchType: "text_and_image",
      },
      parallelToolCalls: false,
      reasoning: { effort: "low", context: "all_turns" },
      verbosity: "low",
      developerExtras: ["collaboration-mode"],
      developerMessages: ["multi-agent-role", "multi-agent-mode"],
      skillsUsage: false,
      responsesLite: true,
      contextWindow: 400000,
      maxContextWindow: 800000,
      effectiveContextWindowPercent: 90,
    });
  });
  it("gives a classic model request tools with apply_patch and tool search, and the deferred-namespaces text", () => {
    expect(codexModelLayout("beta-classic", entry("beta-classic"))).toEqual({
      slug: "beta-classic",
      origin: "catalogue",
      tools: { placement: "request", applyPatch: "freeform", toolSearch: true, multiAgent: "v1", experimental: [] },
      parallelToolCalls: true,
      reasoning: { effort: "medium" },
      verbosity: "medium",
      developerExtras: ["deferred-tools"],
      developerMessages: [],
      skillsUsage: true,
      responsesLite: false,
      contextWindow: 272000,
      effectiveContextWindowPercent: 95,
    });
  });
  it("gives an unknown slug the fallback layout", () => {
    expect(codexModelLayout("zzz", undefined)).toEqual(fallbackModelLayout("zzz"));
    expect(fallbackModelLayout("zzz")).toMatchObject({
      origin: "fallback",
      reasoning: { summary: "auto" },
      parallelToolCalls: true,
      contextWindow: 272000,
    });
  });
  it("lets config override effort, verbosity and the window; a v1 code-mode model has no multi-agent messages", () => {
    const l = codexModelLayout("beta-classic", entry("beta-classic"), {
      reasoningEffort: "high",
      verbosity: "low",
      contextWindow: 1000,
    });
    expect([l.reasoning, l.verbosity, l.contextWindow]).toEqual([{ effort: "high" }, "low", 1000]);
    expect(codexModelLayout("gamma-hidden", entry("gamma-hidden")).developerMessages).toEqual([]);
  });
  it("lists the deferred multi-agent namespace for a v1 code-mode model with tool search", () => {
    const e = { ...entry("gamma-hidden")!, supportsSearchTool: true };
    expect(codexModelLayout("gamma-hidden", e).developerExtras).toEqual(["deferred-tools"]);
  });
  it.each([
    // A session's multi-agent version outlives a switch (captured: gpt-6.2-sol in a v1 session, gpt-5.5 in a v2 one).
    ["alpha-code", "v1", ["collaboration-mode", "deferred-tools"], [], "v1", false],
    ["beta-classic", "v2", [], ["multi-agent-role", "multi-agent-mode"], "v2", false],
    ["beta-classic", undefined, ["deferred-tools"], [], "v1", true],
  ] as const)(
    "%s in a %s session: developer texts, messages and tools follow the session",
    (slug, v, extras, messages, tools, search) => {
      const l = codexModelLayout(slug, entry(slug), v !== undefined ? { multiAgentVersion: v } : {});
      expect([l.developerExtras, l.developerMessages, l.tools.multiAgent, l.tools.toolSearch]).toEqual([
        extras,
        messages,
        tools,
        search,
      ]);
    },
  );
  it("gives the fallback layout the session's v2 messages, and keeps the catalogue's comp_hash", () => {
    expect(fallbackModelLayout("x", { multiAgentVersion: "v2" }).developerMessages).toEqual([
      "multi-agent-role",
      "multi-agent-mode",
    ]);
    const e = parseCodexCatalogue(JSON.stringify({ models: [{ slug: "h", comp_hash: 2911 }] }), "t").value.models[0];
    expect(codexModelLayout("h", e).compHash).toBe("2911");
    expect(fallbackModelLayout("x").compHash).toBeUndefined();
  });
});

describe("effectiveWindowOf", () => {
  it("is the window times the entry's percent", () => {
    expect(effectiveWindowOf(codexModelLayout("alpha-code", entry("alpha-code")))).toBe(360000);
    expect(effectiveWindowOf(fallbackModelLayout("x"))).toBe(258400);
  });
});
