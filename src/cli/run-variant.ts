// What a run found that decides which of its verb's code ran, beyond the command line (lint with a configuration
// file runs YAML parsing and config checking): the code cache is written again on the first run of each such
// variant, so it holds that code too (src/cli/load-verb-bundle.ts). State of the one run in this process.
const parts = new Set<string>();

export function noteRunVariant(part: string): void {
  parts.add(part);
}

/** Sorted, so the variant does not depend on the order parts were noted in. */
export function runVariantParts(): string[] {
  return [...parts].sort();
}
