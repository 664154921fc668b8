import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderProse, TEMPLATE_COMPILE_OPTIONS } from "../../src/fragments/render-template.js";
import { PRECOMPILED_TEMPLATES } from "../../src/fragments/precompiled-templates.generated.js";
import { DEFAULT_PROSE } from "../../src/profiles/default-prose.generated.js";
// biome-ignore format: the @ts-expect-error below must stay on the import's only line
// @ts-expect-error — plain .mjs build script without types
import { buildDefaultProse, renderPrecompiledModule, TEMPLATE_COMPILE_OPTIONS as GENERATOR_OPTIONS } from "../../templates/generate-default-prose.mjs";

const ROOT = join(import.meta.dirname, "..", "..");

describe("PRECOMPILED_TEMPLATES", () => {
  it("is what Handlebars.precompile gives for today's templates (run `npm run gen:prose` after editing one)", () => {
    const onDisk = readFileSync(join(ROOT, "src", "fragments", "precompiled-templates.generated.ts"), "utf8");
    expect(onDisk).toBe(renderPrecompiledModule(buildDefaultProse()));
  });

  it("was compiled with the options templates compile with at run time", () => {
    expect(GENERATOR_OPTIONS).toEqual(TEMPLATE_COMPILE_OPTIONS);
  });

  it("covers every default template", () => {
    const sources = Object.values(DEFAULT_PROSE).flatMap((set) =>
      Object.values(set.entries)
        .filter((e) => e.kind === "template")
        .map((e) => e.source),
    );
    expect(sources.filter((s) => !PRECOMPILED_TEMPLATES.has(s))).toEqual([]);
  });
});

describe("renderProse", () => {
  const entry = DEFAULT_PROSE["promptc"]?.entries["permissions-approved-prefixes"];

  it("renders a precompiled default template", () => {
    expect(entry && PRECOMPILED_TEMPLATES.has(entry.source)).toBe(true);
    const out = renderProse(entry!, { prefixes: "`git status`" });
    expect(out).toEqual({ text: entry!.source.replace("{{prefixes}}", "`git status`"), diagnostics: [] });
  });

  it("reports a missing variable of a precompiled template exactly as a compiled one", () => {
    // A trailing space makes the source miss the precompiled table without moving the variable.
    const compiledAtRunTime = { ...entry!, source: `${entry!.source} ` };
    expect(PRECOMPILED_TEMPLATES.has(compiledAtRunTime.source)).toBe(false);
    const messages = [entry!, compiledAtRunTime].map((e) =>
      renderProse(e, {}).diagnostics.map((d) => [d.rule, d.message]),
    );
    expect(messages).toEqual([
      [
        [
          "template/render-failed",
          `template ${entry!.id} failed to render: "prefixes" not defined in [object Object] - 2:45`,
        ],
      ],
      [
        [
          "template/render-failed",
          `template ${entry!.id} failed to render: "prefixes" not defined in [object Object] - 2:45`,
        ],
      ],
    ]);
  });

  it("compiles a template that is not a default one", () => {
    expect(
      renderProse({ id: "t", kind: "template", source: '{{join xs "+"}}!', origin: "user-supplied" }, { xs: [1, 2] }),
    ).toEqual({ text: "1+2!", diagnostics: [] });
  });
});
