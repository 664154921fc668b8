// Labels for contextual sections that harnesses other than Codex wrap user content in (Claude Code's
// `<system-reminder>` carrying `# claudeMd`, `# currentDate`, …): which layer each belongs to. Pure data + lookup.
import type { FragmentLayer } from "../model/manifest.js";

/** A `<tag>…</tag>` wrapper and the `# heading` keys inside it that say what context it carries. */
interface ContextWrapper {
  tag: string;
  /** Heading key → layer; the first heading found decides the layer. */
  headings: { [key: string]: FragmentLayer };
  /** Heading keys a section without that heading is known by: a line it always carries (newer versions). */
  lineMarkers?: { [key: string]: RegExp };
}

const WRAPPERS: readonly ContextWrapper[] = [
  {
    tag: "system-reminder",
    headings: { claudeMd: "agents-md", currentDate: "environment", gitStatus: "environment" },
    // Claude Code 2.1.332 dropped `# claudeMd`: its reminder lists `Contents of <abs path> (<kind>):` entries.
    lineMarkers: { claudeMd: /^Contents of \/.* \([^)\n]+\):$/m },
  },
];

export interface ContextSectionLabel {
  /** `system-reminder` or `system-reminder:claudeMd+currentDate` (the recognised headings, in text order). */
  id: string;
  layer: FragmentLayer;
}

/** The label of a text wrapped in a known context tag, or undefined. */
export function labelContextSection(text: string): ContextSectionLabel | undefined {
  const trimmed = text.trim();
  for (const w of WRAPPERS) {
    if (!trimmed.startsWith(`<${w.tag}>`) || !trimmed.endsWith(`</${w.tag}>`)) continue;
    const keys = [...trimmed.matchAll(/^# ([A-Za-z][\w-]*)\s*$/gm)]
      .map((m) => m[1] as string)
      .filter((k) => k in w.headings);
    for (const [key, marker] of Object.entries(w.lineMarkers ?? {}))
      if (!keys.includes(key) && marker.test(trimmed)) keys.unshift(key);
    const first = keys[0];
    return {
      id: keys.length ? `${w.tag}:${keys.join("+")}` : w.tag,
      layer: first !== undefined ? (w.headings[first] as FragmentLayer) : "extension",
    };
  }
  return undefined;
}
