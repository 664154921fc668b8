// Options of the pure compile, including its extension points (extra fragments, tool and skill transforms,
// template partials and variables). Types only.
import type { ToolSpec } from "../model/request.js";
import type { SkillMetadata } from "../model/turn-context.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile, ProfileId } from "../profiles/profile.js";

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
  profile?: ProfileId | Profile;
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
}
