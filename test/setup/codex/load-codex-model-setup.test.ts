import { describe, expect, it } from "vitest";
import {
  CODEX_CALIBRATION_SCHEMA,
  FALLBACK_FAMILY,
  codexFamilyKey,
  parseCodexCalibration,
  type CodexCalibration,
} from "../../../src/setup/codex/codex-calibration.js";
import { compile } from "../../../src/compile/compile.js";
import { loadCodexCalibration } from "../../../src/setup/codex/load-codex-calibration.js";
import {
  calibratedProse,
  loadCodexModelSetup,
  sentBaseInstructionsFor,
} from "../../../src/setup/codex/load-codex-model-setup.js";
import { loadProse } from "../../../src/discover/load-prose.js";
import { loadTurnContext } from "../../../src/discover/load-turn-context.js";
import { defaultCodexConfig } from "../../../src/discover/parse-config.js";
import { predictSystemSkills } from "../../../src/setup/codex/predict-system-skills.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { TEST_CATALOGUE } from "../../profiles/codex-models/test-catalogue.js";

const CACHE = "/home/u/.cache/promptc/calibration/codex";

/** A calibration written for the test: our own words throughout. */
function calibration(): CodexCalibration {
  const [alpha] = TEST_CATALOGUE.models;
  return {
    schema: CODEX_CALIBRATION_SCHEMA,
    agent: "codex",
    codexVersion: "0.171.0",
    createdAt: "2026-12-01T00:00:00Z",
    catalogue: TEST_CATALOGUE,
    prose: {
      "skills-preamble": "Calibrated preamble.",
      "permissions-sandbox-read-only": "Calibrated sandbox. Network is {network_access}.",
    },
    families: [
      {
        key: codexFamilyKey(alpha!),
        models: ["alpha-code"],
        capturedWith: "alpha-code",
        prose: {
          "base-instructions": "Calibrated alpha base.",
          "collaboration-mode": "<collaboration_mode>Calibrated collab.</collaboration_mode>",
          "multi-agent-role": "<multi_agent_role>R</multi_agent_role>",
          "multi-agent-mode": "<multi_agent_mode>M</multi_agent_mode>",
        },
        additionalTools: [
          {
            type: "namespace",
            name: "functions",
            description: "",
            tools: [
              {
                type: "function",
                name: "wait",
                description: "Calibrated wait.",
                strict: false,
                parameters: { type: "object", properties: {} },
              },
            ],
          },
        ],
        missing: [],
      },
      {
        key: FALLBACK_FAMILY,
        models: [],
        capturedWith: "x",
        prose: { "base-instructions": "Calibrated fallback base." },
        requestTools: [{ type: "web_search", external_web_access: false }],
        missing: [],
      },
    ],
    systemSkills: [
      {
        path: "helper/SKILL.md",
        text: "---\nname: helper\ndescription: A system skill written for the test.\n---\nBody.\n",
      },
    ],
    missing: [],
  };
}

function host(extra: Record<string, string> = {}) {
  return createMemoryHost({
    files: {
      [`${CACHE}/0.171.0.json`]: JSON.stringify(calibration()),
      "/proj/.git": { dir: true } as never,
      "/codex/config.toml": "",
      ...extra,
    },
    cwd: "/proj",
    home: "/home/u",
    env: { HOME: "/home/u", PATH: "/usr/bin" },
  });
}

describe("parseCodexCalibration", () => {
  it("turns a corrupt or stale file into a diagnostic, never an exception", () => {
    expect(parseCodexCalibration("{", "f").diagnostics.map((d) => d.rule)).toEqual(["calibration/corrupt"]);
    expect(parseCodexCalibration(JSON.stringify({ schema: 99 }), "f").diagnostics.map((d) => d.rule)).toEqual([
      "calibration/stale",
    ]);
    expect(
      parseCodexCalibration(JSON.stringify({ ...calibration(), families: [{ key: 1 }] }), "f").diagnostics.map(
        (d) => d.rule,
      ),
    ).toEqual(["calibration/corrupt"]);
    expect(
      parseCodexCalibration(JSON.stringify({ ...calibration(), systemSkills: [{ path: "../x", text: "" }] }), "f")
        .value,
    ).toBeUndefined();
    expect(
      parseCodexCalibration(JSON.stringify(calibration()), "f").value?.families.map((f) => f.capturedWith),
    ).toEqual(["alpha-code", "x"]);
  });
});

describe("loadCodexCalibration", () => {
  it("prefers the wanted version, says why a corrupt or mislabelled file is skipped", () => {
    const h = host({
      [`${CACHE}/0.172.0.json`]: "not json",
      [`${CACHE}/0.170.0.json`]: JSON.stringify({ ...calibration(), codexVersion: "0.1.0" }),
    });
    const r = loadCodexCalibration(h, { version: "0.171.0" });
    expect(r.value?.calibration.codexVersion).toBe("0.171.0");
    const newest = loadCodexCalibration(h);
    expect(newest.value?.file).toBe(`${CACHE}/0.171.0.json`);
    expect(newest.diagnostics.map((d) => d.rule)).toEqual(["calibration/corrupt"]);
  });
  it("finds nothing, quietly, without a cache folder", () => {
    expect(loadCodexCalibration(createMemoryHost({ home: "/h" }))).toEqual({ value: undefined, diagnostics: [] });
  });
});

describe("loadCodexModelSetup", () => {
  const options = {
    codexHome: "/codex",
    config: defaultCodexConfig(),
    targetVersion: "0.171.0",
    fallbackSlug: "fallback-x",
  };
  it("runs the catalogue default from the calibration, with its layout and calibrated prose, and says nothing of versions when they agree", () => {
    const h = host();
    const r = loadCodexModelSetup(h, options);
    expect(r.value.resolved).toMatchObject({ slug: "alpha-code", source: "catalogue-default" });
    expect(r.value.layout.tools.placement).toBe("input-item");
    expect(r.value.calibration?.family?.capturedWith).toBe("alpha-code");
    expect(r.value.versionLine).toBeUndefined();
    const ctx = loadTurnContext(h, { cwd: "/proj", codexHome: "/codex", model: r.value.resolved.slug, message: "hi" })
      .value!;
    const prose = calibratedProse(loadProse(h, "codex").value, r.value);
    const out = compile(ctx, { profile: r.value.profile, prose });
    expect(out.request.input[0]).toMatchObject({
      type: "additional_tools",
      role: "developer",
      tools: calibration().families[0]!.additionalTools,
    });
    expect(out.request.input[1]).toMatchObject({
      role: "developer",
      content: [{ type: "input_text", text: "Calibrated alpha base." }],
    });
    expect(out.request.text).toEqual({ verbosity: "low" });
    expect(out.request.parallel_tool_calls).toBe(false);
    expect(Object.keys(JSON.parse(out.bytes) as object)).not.toContain("tools");
    expect(out.manifest.fragments.find((f) => f.id === "collaboration-mode")?.prose).toBe("calibrated");
  });
  it("gives an unknown slug the fallback layout, its calibrated tools, and a diagnostic", () => {
    const h = host();
    const r = loadCodexModelSetup(h, { ...options, model: "nope" });
    expect(r.diagnostics.map((d) => d.rule)).toContain("model/not-in-catalogue");
    expect(r.value.layout.origin).toBe("fallback");
    const ctx = loadTurnContext(h, { cwd: "/proj", codexHome: "/codex", model: "nope", message: "hi" }).value!;
    const out = compile(ctx, {
      profile: r.value.profile,
      prose: calibratedProse(loadProse(h, "codex").value, r.value),
    });
    expect(out.request.tools).toEqual([{ type: "web_search", external_web_access: false }]);
    expect(out.request.reasoning).toEqual({ summary: "auto" });
  });
  it("says in one line when the profile's target and the calibration disagree; --no-calibration keeps stand-ins", () => {
    const r = loadCodexModelSetup(host(), { ...options, targetVersion: "0.180.0" });
    expect(r.value.versionLine).toMatch(
      /^Codex versions differ: profile targets 0\.180\.0, calibration from 0\.171\.0/,
    );
    expect(r.diagnostics.filter((d) => d.rule === "codex/version-mismatch")).toHaveLength(1);
    const off = loadCodexModelSetup(host(), { ...options, noCalibration: true });
    expect(off.value.calibration).toBeUndefined();
    expect(off.value.resolved.slug).toBe("alpha-code");
  });
  it("sends the calibrated base text for a resumed session whose log holds the catalogue's", () => {
    const r = loadCodexModelSetup(host(), options).value;
    expect(sentBaseInstructionsFor(r, "Test base text for alpha.")).toBe("Calibrated alpha base.");
    expect(sentBaseInstructionsFor(r, "something else")).toBe("something else");
  });
});

describe("predictSystemSkills", () => {
  it("shows the calibrated system skills in a CODEX_HOME Codex never started, and leaves a started one alone", () => {
    const h = host({ "/proj/.agents/skills/own/SKILL.md": "---\nname: own\ndescription: Ours.\n---\n" });
    const setup = loadCodexModelSetup(h, {
      codexHome: "/codex",
      config: defaultCodexConfig(),
      targetVersion: "0.171.0",
      fallbackSlug: "x",
    }).value;
    const p = predictSystemSkills(h, "/codex", setup);
    expect(p.diagnostics.map((d) => d.rule)).toEqual(["codex/system-skills-predicted"]);
    const ctx = loadTurnContext(p.host, { cwd: "/proj", codexHome: "/codex", message: "hi" }).value!;
    expect(ctx.skills.skills.map((s) => [s.name, s.scope, s.path])).toEqual([
      ["helper", "system", "/codex/skills/.system/helper/SKILL.md"],
      ["own", "repo", "/proj/.agents/skills/own/SKILL.md"],
    ]);
    const started = host({ "/codex/skills/.system/.codex-system-skills.marker": "x" });
    expect(predictSystemSkills(started, "/codex", setup).diagnostics).toEqual([]);
  });
  it("says the skills will appear when there is no calibration and a Codex is installed, and nothing without one", () => {
    const h = createMemoryHost({
      files: { "/codex/config.toml": "", "/opt/bin/codex": "#!/bin/sh\n" },
      home: "/home/u",
      env: { PATH: "/opt/bin" },
    });
    const setup = loadCodexModelSetup(h, {
      codexHome: "/codex",
      config: defaultCodexConfig(),
      targetVersion: "0.171.0",
      fallbackSlug: "x",
    }).value;
    expect(predictSystemSkills(h, "/codex", setup).diagnostics.map((d) => d.rule)).toEqual([
      "codex/system-skills-pending",
    ]);
    const none = createMemoryHost({ files: { "/codex/config.toml": "" }, home: "/home/u", env: {} });
    const bare = loadCodexModelSetup(none, {
      codexHome: "/codex",
      config: defaultCodexConfig(),
      targetVersion: "0.171.0",
      fallbackSlug: "x",
    }).value;
    expect(predictSystemSkills(none, "/codex", bare).diagnostics).toEqual([]);
  });
});
