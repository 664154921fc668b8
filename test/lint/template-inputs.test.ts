// The inputs table lint checks templates against equals the data the fragments really pass: every prose id
// rendered by a compile, with templates that read exactly the declared names, in strict mode.
import { describe, expect, it } from "vitest";
import { compile, defaultProse } from "../../src/compile/compile.js";
import { mergeProse, PROSE_IDS, type ProseEntry } from "../../src/fragments/prose-set.js";
import { parseInputsDeclaration, PROSE_TEMPLATE_INPUTS, profileInputsOf } from "../../src/lint/template-inputs.js";
import type { TurnContext } from "../../src/model/turn-context.js";
import { getEnvelopeProfile } from "../../src/profiles/index.js";
import type { ReferenceContext } from "../../src/session/reference-context.js";
import { createSession, nextRequest } from "../../src/session/session.js";
import { buildSettingsUpdate } from "../../src/session/settings-update.js";
import { makeSkill, makeTurnContext } from "../compile/make-turn-context.js";
import { codexProfile } from "../../src/profiles/codex.js";
import { parseCodexCatalogue } from "../../src/profiles/codex-models/codex-catalogue.js";
import { codexProfileWithCatalogue } from "../../src/profiles/codex-models/codex-model-profile.js";
import { TEST_CATALOGUE } from "../profiles/codex-models/test-catalogue.js";

/** Turns that together render every prose id the compile uses. */
const TURNS: TurnContext[] = [
  makeTurnContext({ skills: { roots: [{ path: "/repo/.agents/skills", scope: "repo" }], skills: [makeSkill("a")] } }),
  makeTurnContext({
    permissions: { sandbox: "workspace-write", approval: "on-request", approvedPrefixes: [["git", "status"]] },
  }),
  makeTurnContext({ permissions: { sandbox: "danger-full-access", approval: "on-failure" } }),
  makeTurnContext({ permissions: { sandbox: "read-only", approval: "untrusted" } }),
];

/** Catalogue layouts render the per-model texts: a code-mode and a classic model of a test catalogue. */
const CATALOGUE_PROFILE = codexProfileWithCatalogue(codexProfile, {
  catalogue: parseCodexCatalogue(JSON.stringify(TEST_CATALOGUE), "test").value,
});
const CATALOGUE_TURNS: TurnContext[] = ["alpha-code", "beta-classic"].map((model) =>
  makeTurnContext({
    model,
    skills: { roots: [{ path: "/repo/.agents/skills", scope: "repo" }], skills: [makeSkill("a")] },
  }),
);

/** Rendered by session updates (settings-update.ts), not by a compile. */
const SESSION_IDS = ["model-switch", "agents-md-replaced", "agents-md-removed", "image-omitted"];
const COMPILE_IDS = PROSE_IDS.filter((id) => !SESSION_IDS.includes(id));

function proseWith(body: (id: string) => string) {
  const entries: { [id: string]: ProseEntry } = {};
  for (const id of PROSE_IDS) entries[id] = { id, kind: "template", source: body(id), origin: "user-supplied" };
  return mergeProse(defaultProse("promptc"), { entries });
}

/** Compiles every turn with each rendered template replaced by `body(id)`; returns template render failures. */
function renderFailures(body: (id: string) => string): string[] {
  const prose = proseWith(body);
  const seen = new Set<string>();
  const failures: string[] = [];
  for (const [ctx, profile] of [
    ...TURNS.map((t) => [t, undefined] as const),
    ...CATALOGUE_TURNS.map((t) => [t, CATALOGUE_PROFILE] as const),
  ]) {
    const r = compile(ctx, { prose, exactTokens: false, ...(profile ? { profile } : {}) });
    for (const t of r.manifest.fragments.flatMap((f) => f.templates ?? [])) seen.add(t);
    for (const d of r.diagnostics) if (d.rule === "template/render-failed") failures.push(d.message);
  }
  const unrendered = COMPILE_IDS.filter((id) => !seen.has(id));
  return [...failures, ...unrendered.map((id) => `${id} never rendered`)];
}

describe("PROSE_TEMPLATE_INPUTS", () => {
  it("covers every prose id the compile renders", () => {
    expect(PROSE_IDS.filter((id) => !(id in PROSE_TEMPLATE_INPUTS))).toEqual([]);
  });

  it("lists names every fragment passes: templates reading all of them render in strict mode", () => {
    expect(renderFailures((id) => (PROSE_TEMPLATE_INPUTS[id] ?? []).map((n) => `{{${n}}}`).join(" ") + " ok")).toEqual(
      [],
    );
  });

  it("lists no data for the session prose (rendered with none)", () => {
    const prose = proseWith(
      (id) => (PROSE_TEMPLATE_INPUTS[id] ?? []).map((n) => `{{${n}}}`).join(" ") + ` sentinel-${id}`,
    );
    const prev: ReferenceContext = {
      cwd: "/repo",
      shell: "bash",
      permissions: "p",
      model: "m1",
      modelInstructions: "i1",
      agentsMd: "old",
    };
    const profile = getEnvelopeProfile("promptc");
    const texts = [
      buildSettingsUpdate(prev, { ...prev, model: "m2", modelInstructions: "i2", agentsMd: "new" }, profile, prose),
      buildSettingsUpdate(prev, { ...prev, agentsMd: undefined }, profile, prose),
    ].map((u) => JSON.stringify(u.items));
    // A text-only model gets the image-omitted prose in place of the turn's image.
    const textOnly = createSession({ profile: "promptc", prose, supportsImages: false });
    texts.push(
      JSON.stringify(
        nextRequest(textOnly, makeTurnContext({ userInput: { images: ["https://example.com/a.png"] } })).request.input,
      ),
    );
    expect(SESSION_IDS.filter((id) => !texts.some((t) => t.includes(`sentinel-${id}`)))).toEqual([]);
  });

  it("fails a template that reads a name the fragment does not pass (the check above can fail)", () => {
    const failures = renderFailures((id) => (id === "base-instructions" ? "{{model}} {{notPassed}}" : "ok"));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((f) => f.includes("base-instructions"))).toBe(true);
  });
});

describe("parseInputsDeclaration", () => {
  it.each([
    [" promptc-inputs: a, b ", ["a", "b"]],
    ["promptc-inputs a b\n c", ["a", "b", "c"]],
    ["-- promptc-inputs: x --", ["x"]],
    [" just a comment ", undefined],
  ])("parses %j", (text, want) => {
    expect(parseInputsDeclaration(text)).toEqual(want);
  });
});

describe("profileInputsOf", () => {
  it("reads the prose id from the file name", () => {
    expect([
      profileInputsOf("templates/codex/skills-preamble.hbs"),
      profileInputsOf("x/compact-prompt.hbs"),
      profileInputsOf("t/other.hbs"),
    ]).toEqual([
      { kind: "profile", proseId: "skills-preamble", names: ["skillCount"] },
      { kind: "verbatim", proseId: "compact-prompt" },
      { kind: "unknown" },
    ]);
  });
});
