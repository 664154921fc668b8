// The config `developer_instructions` fragment: the text as given, its own content item. Pure.
import { utf8Length } from "../tokens/approx.js";
import type { RenderedFragment } from "./fragment.js";

export function buildDeveloperInstructionsFragment(
  text: string | undefined,
  source = "config.toml#developer_instructions",
): RenderedFragment | undefined {
  if (text === undefined || text === "") return undefined;
  const bytes = utf8Length(text);
  return {
    id: "developer-instructions",
    layer: "developer",
    text,
    sources: [{ path: source, bytesIn: bytes, bytesKept: bytes }],
    templates: [],
    prose: "data",
    diagnostics: [],
  };
}
