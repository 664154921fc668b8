// Everything pi 0.73.1's first request is derived from, as data (discover/pi/load-pi-turn.ts gathers it).
// Types only (pure).

/** pi's provider APIs (models.json `api`), each its own wire format. */
export type PiApi = "openai-responses" | "openai-completions" | "anthropic-messages" | "google-generative-ai";
export const PI_APIS: readonly PiApi[] = [
  "openai-responses",
  "openai-completions",
  "anthropic-messages",
  "google-generative-ai",
];

/** pi's thinking levels (settings.json `defaultThinkingLevel`). */
export const PI_THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export type PiThinkingLevel = (typeof PI_THINKING_LEVELS)[number];

export interface PiProvider {
  name: string;
  api: PiApi;
  baseUrl: string;
  model: string;
  maxTokens: number;
  reasoning: boolean;
  /** models.json `compat` (the provider's, then the model's over it): what an OpenAI-compatible server takes. */
  compat?: PiCompat;
}

/** The Chat Completions `compat` switches of pi's models.json that shape the body (each default: on). */
export interface PiCompat {
  supportsDeveloperRole?: boolean;
  supportsReasoningEffort?: boolean;
  supportsStore?: boolean;
  supportsUsageInStreaming?: boolean;
  maxTokensField?: "max_tokens" | "max_completion_tokens";
}

export interface PiTurn {
  cwd: string;
  /** Local `YYYY-MM-DD`. */
  date: string;
  message: string;
  /** pi's package folder: its README, docs and examples paths appear in the prompt. */
  installDir: string;
  contextFiles: { path: string; content: string }[];
  /** In pi's order; `disableModelInvocation` ones are left out of the prompt. */
  skills: { name: string; description: string; path: string; disableModelInvocation: boolean }[];
  /** SYSTEM.md: replaces pi's own prose. */
  systemMd?: string;
  /** APPEND_SYSTEM.md: added after it. */
  appendSystem?: string;
  provider: PiProvider;
  /** `defaultThinkingLevel` (pi's default: medium); a model without reasoning ignores it. */
  thinkingLevel?: PiThinkingLevel;
  /** pi's per-session uuid v7 (prompt_cache_key on the Responses API). */
  sessionId: string;
}
