// The registry of harness profiles with their own wire format, by id. Pure.
import { claudeCodeProfile } from "./claude-code/index.js";
import { copilotProfile } from "./copilot/index.js";
import type { HarnessProfile } from "./harness-profile.js";
import { geminiCliProfile } from "./gemini-cli/index.js";
import { piProfile } from "./pi/index.js";

export const HARNESS_PROFILES: readonly HarnessProfile<never, never>[] = [
  claudeCodeProfile as unknown as HarnessProfile<never, never>,
  geminiCliProfile as unknown as HarnessProfile<never, never>,
  piProfile as unknown as HarnessProfile<never, never>,
  copilotProfile as unknown as HarnessProfile<never, never>,
];

export function getHarnessProfile(id: string): HarnessProfile<unknown, unknown> | undefined {
  return HARNESS_PROFILES.find((p) => p.id === id) as HarnessProfile<unknown, unknown> | undefined;
}
