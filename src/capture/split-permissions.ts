// Splits a captured `<permissions instructions>` section back into the profile's prose pieces: sandbox sentence
// (its network word turned into `{network_access}`), approval text, approved-prefixes heading, writable roots. Pure.
import { PREFIXES_TRUNCATED_MARKER } from "../fragments/approved-prefixes.js";
import { PERMISSIONS_CLOSE_TAG, PERMISSIONS_OPEN_TAG } from "../fragments/permissions.js";

/** The two values Codex puts in its sandbox sentence for the network setting. */
const NETWORK_WORDS = ["enabled", "restricted"] as const;

export interface PermissionsProse {
  sandbox: string;
  /** True when the sandbox sentence's network word became `{network_access}` (exact for both settings). */
  networkTemplated: boolean;
  approval: string;
  /** The heading before the approved command prefixes (on-request only), prefixes removed. */
  approvedPrefixesHead?: string;
  /** The writable-roots sentence with the root list as `{roots}` (workspace-write only). */
  writableRoots?: string;
}

/** `{network_access}` in place of the one network word of the sentence; unchanged when there is not exactly one. */
export function templateNetworkWord(sentence: string): { text: string; templated: boolean } {
  const hits = [...sentence.matchAll(new RegExp(`\\b(${NETWORK_WORDS.join("|")})\\b`, "g"))];
  const hit = hits[0];
  if (hits.length !== 1 || hit?.index === undefined) return { text: sentence, templated: false };
  return {
    text: sentence.slice(0, hit.index) + "{network_access}" + sentence.slice(hit.index + hit[0].length),
    templated: true,
  };
}

const PREFIX_LINE = /^- \[.*\]$/;

/**
 * An on-request approval text ending in approved command prefixes (`…approved: - ["a"]\n- ["b", "c"]`, possibly
 * cut and followed by the truncation marker) split into the approval prose and the heading before the list.
 */
export function splitApprovedPrefixes(approval: string): { approval: string; head?: string } {
  let text = approval;
  const truncated = text.endsWith(PREFIXES_TRUNCATED_MARKER);
  if (truncated) text = text.slice(0, -PREFIXES_TRUNCATED_MARKER.length);
  const lines = text.split("\n");
  let i = lines.length - 1;
  // A cut list may end in a partial line; only then is a line that merely starts like a prefix accepted.
  if (truncated && i >= 0 && /^- \[/.test(lines[i] ?? "")) i--;
  while (i >= 0 && PREFIX_LINE.test(lines[i] ?? "")) i--;
  const line = lines[i];
  if (line === undefined) return { approval };
  // The first prefix sits on the heading's last line, right after it.
  let at = -1;
  for (let k = line.indexOf("- ["); k >= 0; k = line.indexOf("- [", k + 1)) {
    if (PREFIX_LINE.test(line.slice(k)) || (truncated && i === lines.length - 1)) {
      at = k;
      break;
    }
  }
  if (at < 0) return { approval };
  const before = [...lines.slice(0, i), line.slice(0, at)].join("\n");
  const gap = before.lastIndexOf("\n\n");
  if (gap < 0) return { approval };
  return { approval: before.slice(0, gap), head: before.slice(gap + 2) };
}

/** The prose pieces of a whole permissions section, or undefined when it does not have the expected frame. */
export function splitPermissionsSection(section: string, sandbox: string): PermissionsProse | undefined {
  if (!section.startsWith(PERMISSIONS_OPEN_TAG + "\n") || !section.endsWith(PERMISSIONS_CLOSE_TAG)) return undefined;
  const lines = section
    .slice(PERMISSIONS_OPEN_TAG.length + 1, section.length - PERMISSIONS_CLOSE_TAG.length)
    .replace(/\n$/, "")
    .split("\n");
  const sandboxLine = lines.shift();
  if (sandboxLine === undefined) return undefined;
  const network = templateNetworkWord(sandboxLine);
  const out: PermissionsProse = { sandbox: network.text, networkTemplated: network.templated, approval: "" };
  const last = lines[lines.length - 1];
  if (sandbox === "workspace-write" && last !== undefined && /^ .*`[^`]*`/.test(last)) {
    lines.pop();
    out.writableRoots = last.slice(0, last.indexOf("`")) + "{roots}" + last.slice(last.lastIndexOf("`") + 1);
  }
  const split = splitApprovedPrefixes(lines.join("\n"));
  out.approval = split.approval;
  if (split.head !== undefined) out.approvedPrefixesHead = split.head;
  return out;
}
