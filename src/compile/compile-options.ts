// Options of the pure compile, including its extension points (extra fragments, tool and skill transforms,
// template partials and variables). Types only.
import type { ToolSpec } from "../model/request.js";
import type { SkillMetadata } from "../model/turn-context.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { TemplateCache } from "../fragments/render-template.js";
import type { Profile, ProfileId } from "../profiles/profile.js";
import type { CountTokens } from "../tokens/count.js";

/** Where an added fragment goes: next to another fragment (same message), or as its own message. */
export type FragmentPlacement =
  | { before: string }
  | { after: string }
  | { message: "developer" | "user"; at: "before-user-message" | "after-user-message" | "end" };

export interface ExtraFragment {
  id: string;
  text: string;
  placement: FragmentPlacement;
  /** Shown in the manifest as the source. */
  source?: string;
}

export interface CompileOptions {
  /** Profile id or a profile object (default `promptc`). */
  profile?: ProfileId | Profile<"envelopes">;
  /** Prose to render; defaults to the profile's bundled templates. */
  prose?: ProseSet;
  /** Extension point: add fragments. */
  fragments?: ExtraFragment[];
  /** Extension point: transform the tool list (after the profile builds it, before ordering). */
  transformTools?: (tools: ToolSpec[]) => ToolSpec[];
  /** Extension point: transform the skill list (before the skills section and mention matching). */
  transformSkills?: (skills: SkillMetadata[]) => SkillMetadata[];
  /** Extension point: extra Handlebars partials available to every template. */
  partials?: { [name: string]: string };
  /** Extension point: extra template variables (the fragment's own data wins on a clash). */
  variables?: { [name: string]: unknown };
  /** Override `client_metadata` (profiles that send it). */
  clientMetadata?: { [key: string]: string };
  /** Skip exact token counts in the manifest (approx counts stay); for very fast previews. */
  exactTokens?: boolean;
  /**
   * Counts the manifest's exact tokens (o200k_base), e.g. `createTokenCounter({ cache }).count`, so counts are
   * memoised or kept on disk; default: countTokens, uncached.
   */
  countTokens?: CountTokens;
  /** Compiled templates kept between compiles (a session keeps one); default: one per compile. */
  templates?: TemplateCache;
}
