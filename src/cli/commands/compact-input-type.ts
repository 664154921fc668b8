// What `promptc compact` reads a session file or scenario into: the log, where it came from, and what the file
// says about its own agent (the default strategy, prose from earlier compactions). Types only.
import type { CompactStrategyName } from "../../compact/compact-options.js";
import type { HarnessCompactProse } from "../../compact/harness-compact-prose.js";
import type { ProfileId } from "../../profiles/index.js";
import type { ParsedSessionLog } from "../../session-log/parse-rollout.js";

export interface Input {
  format: string;
  log: ParsedSessionLog;
  /** The profile the input was written with, when it says (a scenario; a promptc log by its summaries). */
  profile?: ProfileId;
  /** The strategy of the agent that wrote the file (the default `--strategy` for it). */
  strategy?: CompactStrategyName;
  /** Harness prose found in the input itself (an agent's session file that recorded an earlier compaction). */
  prose?: Partial<HarnessCompactProse>;
}
