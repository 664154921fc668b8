// Finds the real GitHub Copilot CLI for conformance tests: $COPILOT_BIN, then the shared install under
// /tmp/agents, then an npm install into a cache folder under the temp dir. Returns the binary or why not.
import { COPILOT_VERSION } from "../../src/profiles/copilot/copilot-facts.js";
import { type FindAgentResult, findNpmAgent } from "./find-codex.js";

export function findCopilot(): FindAgentResult {
  const found = findNpmAgent({
    envVar: "COPILOT_BIN",
    candidates: [
      "/tmp/agents/copilot/node_modules/@github/copilot-linux-x64/copilot",
      "/tmp/agents/copilot/node_modules/.bin/copilot",
    ],
    pkg: `@github/copilot@${COPILOT_VERSION}`,
    bin: "copilot",
    cacheName: "promptc-copilot-cache",
    version: COPILOT_VERSION,
  });
  if ("skip" in found) return found;
  // `copilot --version` prints `GitHub Copilot CLI 1.0.102.` and an update hint.
  const v = /\d+\.\d+\.\d+/.exec(found.version)?.[0];
  return v === COPILOT_VERSION
    ? { bin: found.bin, version: v }
    : { skip: `${found.bin} is Copilot CLI ${v ?? found.version}, the profile reproduces ${COPILOT_VERSION}` };
}
