// What each provider's prompt cache does, as documented: how long an unused prefix lives and how finely a reused
// prefix is counted. One place for these facts (the session report and the cache model read them). Pure.
import type { CacheProvider } from "../model/logged-usage.js";
import { OPENAI_CACHE_MODEL } from "./cache-model.js";

export type { CacheProvider };

export interface ProviderCacheFacts {
  name: string;
  /** The shortest time an unused prefix is documented to stay cached; undefined when not documented. */
  lifetimeSeconds?: number;
  /** The lifetime as the provider documents it, for people. */
  lifetime: string;
  /** A reused prefix is counted in blocks this large: a shortfall within one block is not a miss. */
  blockTokens: number;
  /** What a request can expect served from the cache: the previous request's whole prompt (automatic prefix
   * caching), or only what the previous request read or wrote at its cache breakpoints. */
  reuses: "whole-prompt" | "breakpoints";
}

export const PROVIDER_CACHE_FACTS: { readonly [p in CacheProvider]: ProviderCacheFacts } = {
  openai: {
    name: "OpenAI",
    lifetimeSeconds: 5 * 60,
    lifetime: "5 to 10 minutes of inactivity (up to an hour off-peak)",
    blockTokens: OPENAI_CACHE_MODEL.blockTokens,
    reuses: "whole-prompt",
  },
  anthropic: {
    name: "Anthropic",
    lifetimeSeconds: 5 * 60,
    lifetime: "5 minutes, refreshed on every hit (1 hour when the request asks for it)",
    blockTokens: 0,
    reuses: "breakpoints",
  },
  google: {
    name: "Google",
    lifetime: "not documented for implicit caching",
    blockTokens: OPENAI_CACHE_MODEL.blockTokens,
    reuses: "whole-prompt",
  },
};
