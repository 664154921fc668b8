import { describe, expect, it } from "vitest";
import { commonPrefix, explainPrefix } from "../../src/cache/index.js";
import { canonicalJson } from "../../src/compile/canonical-json.js";
import { charTokens, msg, req } from "./helpers.js";

const base = [
  msg("developer", "<permissions instructions>\nro\n</permissions instructions>"),
  msg("user", "<environment_context>\n  <cwd>/a</cwd>\n</environment_context>"),
  msg("user", "hello"),
];
const opts = { countTokens: charTokens, cacheModel: { minCacheableTokens: 10, blockTokens: 5 } };

describe("commonPrefix", () => {
  it.each([
    {
      name: "appended items",
      b: req([...base, msg("assistant", "Done."), msg("user", "next")]),
      cause: null,
      extendsPrefix: true,
      commonItems: 3,
    },
    {
      name: "tool added",
      b: req(base, {
        tools: [...req([]).tools, { type: "function", name: "zz", description: "", strict: false, parameters: {} }],
      }),
      cause: "tools-changed",
      extendsPrefix: false,
      commonItems: 0,
    },
    {
      name: "instructions added",
      b: req(base, { instructions: "be brief" }),
      cause: "instructions-changed",
      extendsPrefix: false,
      commonItems: 0,
    },
    {
      name: "env rewritten in place",
      b: req([base[0]!, msg("user", "<environment_context>\n  <cwd>/b</cwd>\n</environment_context>"), base[2]!]),
      cause: "item-rewritten",
      extendsPrefix: false,
      commonItems: 1,
    },
    {
      name: "item inserted before the end",
      b: req([base[0]!, msg("developer", "<x>new</x>"), base[1]!, base[2]!, msg("user", "next")]),
      cause: "item-inserted",
      extendsPrefix: false,
      commonItems: 1,
    },
    { name: "item removed", b: req([base[0]!, base[2]!]), cause: "item-removed", extendsPrefix: false, commonItems: 1 },
    {
      name: "history truncated",
      b: req(base.slice(0, 2)),
      cause: "history-truncated",
      extendsPrefix: false,
      commonItems: 2,
    },
    {
      name: "model changed",
      b: req([...base, msg("user", "x")], { model: "other" }),
      cause: "model-changed",
      extendsPrefix: false,
      commonItems: 3,
    },
    {
      name: "cache key changed",
      b: req([...base, msg("user", "x")], { prompt_cache_key: "thread-2" }),
      cause: "prompt-cache-key-changed",
      extendsPrefix: false,
      commonItems: 3,
    },
    {
      name: "only a parameter changed",
      b: req([...base, msg("user", "x")], { reasoning: { effort: "high" } }),
      cause: "parameter-changed",
      extendsPrefix: true,
      commonItems: 3,
    },
  ])("reports $cause when $name", ({ b, cause, extendsPrefix, commonItems }) => {
    const r = commonPrefix(req(base), b, opts);
    expect({ cause: r.cause, extendsPrefix: r.extendsPrefix, commonItems: r.commonItems }).toEqual({
      cause,
      extendsPrefix,
      commonItems,
    });
  });

  it("gives the whole result for an in-place rewrite: first byte, tokens, reuse", () => {
    const a = req(base);
    const b = req([base[0]!, msg("user", "<environment_context>\n  <cwd>/b</cwd>\n</environment_context>"), base[2]!]);
    const tools = canonicalJson(a.tools);
    const item0 = canonicalJson(base[0]);
    const item1a = canonicalJson(base[1]);
    const item1b = canonicalJson(b.input[1]);
    const sameChars = item1a.indexOf("/a</cwd>") + 1;
    expect(item1b.slice(0, sameChars)).toBe(item1a.slice(0, sameChars));
    const total = (xs: string[]) => xs.reduce((s, x) => s + x.length, 0);
    const common = tools.length + item0.length + sameChars - 1; // the cut may split one token
    expect(commonPrefix(a, b, opts)).toEqual({
      identical: false,
      extendsPrefix: false,
      cause: "item-rewritten",
      commonItems: 1,
      itemsA: 3,
      itemsB: 3,
      commonBytes: tools.length + item0.length + sameChars,
      bytesA: total([tools, item0, item1a, canonicalJson(base[2])]),
      bytesB: total([tools, item0, item1b, canonicalJson(base[2])]),
      commonTokens: common,
      tokensA: total([tools, item0, item1a, canonicalJson(base[2])]),
      tokensB: total([tools, item0, item1b, canonicalJson(base[2])]),
      reusableTokens: 10 + Math.floor((common - 10) / 5) * 5,
      rebilledTokens: total([tools, item0, item1b, canonicalJson(base[2])]) - (10 + Math.floor((common - 10) / 5) * 5),
      divergence: {
        cause: "item-rewritten",
        segment: "input",
        itemIndex: 1,
        byteOffset: tools.length + item0.length + sameChars,
        segmentByteOffset: sameChars,
        labelA: "user <environment_context>",
        labelB: "user <environment_context>",
        message: "input[1] (user <environment_context>) rewritten in place",
      },
      partitionChanges: [],
      parameterChanges: [],
    });
  });

  it("counts a divergent byte in UTF-8 bytes, not UTF-16 units", () => {
    const a = req([msg("user", "héllo wörld")]);
    const b = req([msg("user", "héllo world")]);
    const r = commonPrefix(a, b, opts);
    const item = canonicalJson(a.input[0]);
    const chars = item.indexOf("ö");
    expect(r.divergence?.segmentByteOffset).toBe(new TextEncoder().encode(item.slice(0, chars)).length);
  });

  it("reuses nothing across models even with identical input", () => {
    const r = commonPrefix(req(base), req(base, { model: "m2" }), opts);
    expect({ reusable: r.reusableTokens, rebilled: r.rebilledTokens, common: r.commonTokens }).toEqual({
      reusable: 0,
      rebilled: r.tokensB,
      common: r.tokensA,
    });
  });

  it("reports identical requests as identical", () => {
    const r = commonPrefix(req(base), req(base), opts);
    expect({ identical: r.identical, cause: r.cause, divergence: r.divergence, reusable: r.reusableTokens }).toEqual({
      identical: true,
      cause: null,
      divergence: null,
      reusable: 10 + Math.floor((r.tokensA - 10) / 5) * 5,
    });
  });

  it("names added and removed tools", () => {
    const b = req(base, {
      tools: [{ type: "function", name: "other", description: "", strict: false, parameters: {} }],
    });
    expect(commonPrefix(req(base), b, opts).divergence?.message).toBe("tools changed: added other; removed shell");
  });

  it("counts the number of inserted items", () => {
    const b = req([base[0]!, msg("developer", "x"), msg("developer", "y"), base[1]!, base[2]!]);
    expect(commonPrefix(req(base), b, opts).divergence?.message).toBe(
      "2 item(s) inserted before input[1] (user <environment_context>), which is not the end",
    );
  });

  it("explains partition, divergence and parameter changes", () => {
    const b = req([msg("user", "other")], { model: "m2", reasoning: { effort: "low" } });
    const x = canonicalJson(base[0]);
    const y = canonicalJson(b.input[0]);
    let k = 0;
    while (x[k] === y[k]) k++;
    expect(explainPrefix(commonPrefix(req(base), b, opts))).toEqual([
      "model changed from gpt-test to m2: no cache is shared across models",
      `item-rewritten: input[0] (developer <permissions instructions>) replaced by user text (byte ${canonicalJson(req([]).tools).length + k})`,
      'parameter reasoning changed: null -> {"effort":"low"}',
    ]);
  });

  it("counts exact o200k tokens by default", () => {
    const r = commonPrefix(req(base), req([...base, msg("user", "more")]));
    expect(r.tokensB).toBeGreaterThan(r.tokensA);
    expect(r.commonTokens).toBe(r.tokensA);
    expect(r.reusableTokens).toBe(0); // far below 1,024 tokens
  });
});
