// `promptc explain PROFILE`: what a registered profile is, read from its data — layout, discovery, wire format,
// tokenizer, window and version — so the docs list exactly the registry. Pure.
import { formatCount } from "../../model/format-count.js";
import { hasEnvelopeLayout, type Profile } from "../../profiles/index.js";

const LAYOUTS: { readonly [type in Profile["layout"]["type"]]: string } = {
  envelopes: "envelopes: promptc lays the request out from a TurnContext (plan → assemble → Responses body)",
  body: "body: the harness's own request, built from the turn its own discovery finds",
};

/** The profile's facts as plain data (what `--json` prints). */
export function profileFacts(profile: Profile): { [key: string]: unknown } {
  const facts: { [key: string]: unknown } = {
    id: profile.id,
    displayName: profile.displayName,
    description: profile.description,
    layout: profile.layout.type,
    discovery: profile.discovery,
    wire: profile.wire.format,
    tokenizer: profile.tokenizer,
  };
  if (profile.targetVersion !== undefined) facts.targetVersion = profile.targetVersion;
  if (profile.window !== undefined) facts.contextWindow = profile.window.tokens;
  if (hasEnvelopeLayout(profile)) {
    facts.prose = profile.prose.bundled;
    if (profile.modelCatalogue !== undefined) facts.modelCatalogue = profile.modelCatalogue;
  }
  return facts;
}

export function formatProfileExplain(profile: Profile): string {
  const { type: discovery, ...params } = profile.discovery;
  const rows: [string, string][] = [
    ["layout", LAYOUTS[profile.layout.type]],
    ["discovery", Object.keys(params).length > 0 ? `${discovery} ${JSON.stringify(params)}` : discovery],
    ["wire format", profile.wire.format],
    [
      "tokenizer",
      `${profile.tokenizer.encoding}${profile.tokenizer.estimate ? " (counts are estimates: no published tokenizer)" : ""}`,
    ],
  ];
  if (profile.window !== undefined) rows.push(["window", `${formatCount(profile.window.tokens)} tokens`]);
  if (hasEnvelopeLayout(profile) && profile.modelCatalogue !== undefined)
    rows.push(["per model", `the ${profile.modelCatalogue} model catalogue decides the request's shape`]);
  if (profile.targetVersion !== undefined) rows.push(["reproduces", `${profile.displayName} ${profile.targetVersion}`]);
  rows.push(["preview", `promptc preview --profile ${profile.id}`]);
  return `${profile.id} — ${profile.description}\n\n${rows.map(([k, v]) => `  ${k.padEnd(11)} ${v}`).join("\n")}\n`;
}
