// The user's message as content parts: images first (each wrapped in an `<image …>` / `</image>` text pair, as
// Codex 0.171.0 sends local images), then the text. Enforces Codex's 1,048,576-character input limit loudly. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ContentPart } from "../model/items.js";
import type { UserInput } from "../model/turn-context.js";

/** Codex's `MAX_USER_INPUT_TEXT_CHARS` (1 << 20), counted in characters. */
export const MAX_USER_INPUT_TEXT_CHARS = 1 << 20;

export function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function imageOpenTag(index: number, path?: string): string {
  return path !== undefined ? `<image name=[Image #${index}] path="${path}">` : `<image name=[Image #${index}]>`;
}
export const IMAGE_CLOSE_TAG = "</image>";

export interface UserMessageParts {
  parts: ContentPart[];
  /** Index of the text part in `parts`, -1 when there is none; `parts` is empty when there is no input. */
  textIndex: number;
  diagnostics: Diagnostic[];
}

export function buildUserMessageParts(input: UserInput): UserMessageParts {
  const parts: ContentPart[] = [];
  const diagnostics: Diagnostic[] = [];
  let k = 0;
  for (const img of input.localImages ?? []) {
    k++;
    parts.push(
      { type: "input_text", text: imageOpenTag(k, img.path) },
      { type: "input_image", image_url: img.url },
      { type: "input_text", text: IMAGE_CLOSE_TAG },
    );
  }
  for (const url of input.images) {
    k++;
    // Remote image wrapping is not observed in 0.171.0 captures yet; same tag without a path.
    parts.push(
      { type: "input_text", text: imageOpenTag(k) },
      { type: "input_image", image_url: url },
      { type: "input_text", text: IMAGE_CLOSE_TAG },
    );
  }
  const chars = countChars(input.text);
  if (chars > MAX_USER_INPUT_TEXT_CHARS) {
    diagnostics.push(
      diagnostic(
        "user-message/too-long",
        "error",
        `user message has ${chars} characters; Codex rejects input over ${MAX_USER_INPUT_TEXT_CHARS} characters (MAX_USER_INPUT_TEXT_CHARS)`,
        { data: { chars, limit: MAX_USER_INPUT_TEXT_CHARS } },
      ),
    );
  }
  // No text and no image: there is no user message at all (as `codex debug prompt-input` without a prompt),
  // rather than an empty item no agent sends.
  let textIndex = -1;
  if (input.text !== "") {
    textIndex = parts.length;
    parts.push({ type: "input_text", text: input.text });
  }
  return { parts, textIndex, diagnostics };
}
