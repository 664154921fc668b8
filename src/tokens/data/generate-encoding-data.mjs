// Build step: turns js-tiktoken's rank files into compact modules src/tokens/data/<encoding>.ts. Does IO.
// Run by `npm run build` (prebuild) and so by `npm ci` (prepare); outputs are git-ignored.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ENCODINGS = ["o200k_base", "cl100k_base"];
// A token's length is stored as one byte (length - 1); tiktoken's longest token is 128 bytes.
const MAX_TOKEN_BYTES = 256;

// js-tiktoken does not export its package.json: walk up from its entry point.
let pkgDir = dirname(require.resolve("js-tiktoken"));
while (!existsSync(join(pkgDir, "package.json"))) pkgDir = dirname(pkgDir);
const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;

for (const name of ENCODINGS) {
  const ranks = (await import(`js-tiktoken/ranks/${name}`)).default;
  // js-tiktoken's format: lines of "<prefix> <first rank> <base64 token> <base64 token> …".
  const tokens = [];
  for (const line of ranks.bpe_ranks.split("\n")) {
    if (line === "") continue;
    const [, offsetText, ...encoded] = line.split(" ");
    const offset = Number.parseInt(offsetText, 10);
    encoded.forEach((b64, i) => {
      tokens[offset + i] = Buffer.from(b64, "base64");
    });
  }
  for (let rank = 0; rank < tokens.length; rank++) {
    const t = tokens[rank];
    if (!t || t.length === 0 || t.length > MAX_TOKEN_BYTES) throw new Error(`${name}: rank ${rank} missing or too long`);
  }
  const lengths = Buffer.from(tokens.map((t) => t.length - 1));
  const data = Buffer.concat([lengths, ...tokens]).toString("base64");
  const out = [
    `// GENERATED from js-tiktoken@${version} ranks/${name} by generate-encoding-data.mjs; do not edit. Pure.`,
    `// Layout (base64): one byte per rank (token length - 1), then every token's bytes in rank order.`,
    `export const TOKEN_COUNT = ${tokens.length};`,
    // A function keeps the 1-2 MB literal out of module evaluation: V8 only pre-scans it until first use.
    `export function encodingData(): string {`,
    `  return "${data}";`,
    `}`,
    ``,
  ].join("\n");
  mkdirSync(HERE, { recursive: true });
  writeFileSync(join(HERE, `${name}.ts`), out);
  process.stdout.write(`generate-encoding-data: ${name}: ${tokens.length} tokens, ${out.length} bytes\n`);
}
