// The `promptc/vitest` entry: matchers for prompt-cache stability and request snapshots. Importing it installs
// them on vitest's `expect`. Pure apart from vitest's own snapshot IO (toMatchFileSnapshot) and reading the
// machine's paths (checkout, home, CODEX_HOME, $TMPDIR) that request snapshots write as placeholders.
import { expect } from "vitest";
import { discoverMachinePaths } from "./discover/discover-machine-paths.js";
import { createNodeHost } from "./host/node-host.js";
import { buildPathRoots, mapJsonStrings, scrubPaths, type PathRoot } from "./model/portable-paths.js";
import { commonPrefix, explainPrefix } from "./cache/common-prefix.js";
import { parseRequest } from "./cache/parse-request.js";
import type { RequestLike } from "./cache/prompt-segments.js";

/** A request body, or anything that carries one (a compile or session result). */
export type RequestOrResult = RequestLike | { request: RequestLike };

function toRequest(value: unknown): RequestLike | undefined {
  const r = parseRequest(value);
  return r.ok ? r.request : undefined;
}

/** Why the arguments are not requests: "received: …; expected: …". */
function shapeProblems(values: { [role: string]: unknown }): string {
  return Object.entries(values)
    .map(([role, v]) => {
      const r = parseRequest(v);
      return r.ok ? "" : `${role}: ${r.problems.join("; ")}`;
    })
    .filter(Boolean)
    .join("; ");
}

interface MatcherThis {
  isNot: boolean;
}

/**
 * Text a request snapshot stores: the body as sent (key order kept), two-space indented, trailing newline, with
 * the machine paths in `roots` written as placeholders (`<rootDir>`, `<homeDir>`, …) so it matches in any clone.
 */
export function serializeRequestSnapshot(request: RequestLike, roots: readonly PathRoot[] = []): string {
  return `${JSON.stringify(
    mapJsonStrings(request, (t) => scrubPaths(t, roots)),
    null,
    2,
  )}\n`;
}

/** This machine's paths, the checkout being the git root above the running test file (else the working directory). */
function machinePathRoots(): PathRoot[] {
  const host = createNodeHost();
  const testPath = expect.getState().testPath;
  const base = testPath !== undefined ? testPath.slice(0, Math.max(testPath.lastIndexOf("/"), 1)) : host.cwd();
  return buildPathRoots(discoverMachinePaths(host, base));
}

/** Compares snapshot text with a file; vitest's toMatchFileSnapshot in the installed matcher. */
export type MatchFile = (text: string, path: string) => Promise<void>;

/** The request-snapshot matcher over a file comparison (injectable so its failure path can be tested). */
export function createRequestSnapshotMatcher(matchFile: MatchFile, roots: () => readonly PathRoot[] = () => []) {
  return async function toMatchRequestSnapshot(this: MatcherThis, received: unknown, path: string) {
    const request = toRequest(received);
    if (!request)
      return {
        pass: false,
        message: () =>
          `toMatchRequestSnapshot expects a request or a result with \`request\` (${shapeProblems({ received })})`,
      };
    try {
      await matchFile(serializeRequestSnapshot(request, roots()), path);
      return { pass: true, message: () => `expected the request not to match ${path}` };
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      return { pass: false, message: () => `request does not match snapshot ${path}:\n${text}` };
    }
  };
}

export const promptcMatchers = {
  /** `expect(next).toExtendPrefixOf(previous)`: same model and cache key, previous prompt is a prefix of next. */
  toExtendPrefixOf(this: MatcherThis, received: unknown, previous: RequestOrResult) {
    const next = toRequest(received);
    const prev = toRequest(previous);
    if (!next || !prev)
      return {
        pass: false,
        message: () =>
          `toExtendPrefixOf expects two requests (objects with \`input\`) or results with \`request\` (${shapeProblems({ received, previous })})`,
      };
    // Token counts are not needed for the verdict: count characters to stay fast.
    const r = commonPrefix(prev, next, { countTokens: (t) => t.length });
    return {
      pass: r.extendsPrefix,
      message: () =>
        r.extendsPrefix
          ? `expected the request not to extend the previous prompt, but it keeps all ${r.itemsA} items`
          : `expected the request to extend the previous prompt (common items ${r.commonItems}/${r.itemsA}):\n  ${explainPrefix(r).join("\n  ")}`,
    };
  },

  /** `expect(next).toKeepCacheKey(previous)`: the same `prompt_cache_key`. */
  toKeepCacheKey(this: MatcherThis, received: unknown, previous: RequestOrResult) {
    const next = toRequest(received);
    const prev = toRequest(previous);
    if (!next || !prev)
      return {
        pass: false,
        message: () =>
          `toKeepCacheKey expects two requests or results with \`request\` (${shapeProblems({ received, previous })})`,
      };
    const pass = next.prompt_cache_key !== undefined && next.prompt_cache_key === prev.prompt_cache_key;
    return {
      pass,
      message: () =>
        pass
          ? `expected prompt_cache_key to change, but both are ${JSON.stringify(next.prompt_cache_key)}`
          : `expected prompt_cache_key ${JSON.stringify(prev.prompt_cache_key)}, got ${JSON.stringify(next.prompt_cache_key)}`,
    };
  },

  /** `await expect(request).toMatchRequestSnapshot("snapshots/x.request.json")`, path relative to the test file. */
  toMatchRequestSnapshot: createRequestSnapshotMatcher(
    (text, path) => expect(text).toMatchFileSnapshot(path),
    machinePathRoots,
  ),
};

export interface PromptcMatchers<R = unknown> {
  toExtendPrefixOf(previous: RequestOrResult): R;
  toKeepCacheKey(previous: RequestOrResult): R;
  toMatchRequestSnapshot(path: string): Promise<R>;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends PromptcMatchers<T> {}
}

expect.extend(promptcMatchers);
