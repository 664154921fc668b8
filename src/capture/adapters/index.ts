// The registry of agent adapters; adding an agent (Gemini CLI, pi) is one data file and one line here. Pure.
import type { AgentAdapter } from "../agent-adapter.js";
import { claudeCodeAdapter } from "./claude-code.js";
import { codexAdapter } from "./codex.js";
import { copilotAdapter } from "./copilot.js";
import { geminiCliAdapter } from "./gemini-cli.js";
import { piAdapter } from "./pi.js";

export const AGENT_ADAPTERS: readonly AgentAdapter[] = [
  codexAdapter,
  claudeCodeAdapter,
  geminiCliAdapter,
  piAdapter,
  copilotAdapter,
];

export function getAdapter(id: string): AgentAdapter | undefined {
  return AGENT_ADAPTERS.find((a) => a.id === id);
}

/** The adapter whose executable names match the command's basename (`/usr/bin/codex` → codex). */
export function detectAdapter(command: string): AgentAdapter | undefined {
  const base = command.split(/[\\/]/).pop() ?? command;
  return AGENT_ADAPTERS.find((a) => a.executables.includes(base));
}
