// The data-derived parts of a pi request body (a capture or promptc's prediction): keys and constants, the
// context entries, the skills XML, date and cwd, the install folder, tool names and the message. Pure.
import { cutPiSystemText, piSystemTextOf, piToolsOf } from "./pi-system-text.js";

export interface PiDataParts {
  keys: string[];
  scalars: { [key: string]: unknown };
  installDir: string | undefined;
  contextEntries: string | undefined;
  skillsXml: string | undefined;
  tail: string;
  toolNames: string[];
  userMessage: unknown;
}

const PROSE_KEYS = new Set(["input", "messages", "system", "systemInstruction", "contents", "tools"]);

export function piDataParts(body: { [key: string]: unknown }): PiDataParts {
  const text = piSystemTextOf(body) ?? "";
  const cut = cutPiSystemText(text);
  const scalars: { [key: string]: unknown } = {};
  for (const [k, v] of Object.entries(body)) if (!PROSE_KEYS.has(k) && k !== "prompt_cache_key") scalars[k] = v;
  const input = body.input as { content?: { text?: string }[] }[] | undefined;
  const messages = body.messages as { role?: string; content?: { text?: string }[] }[] | undefined;
  const contents = body.contents as { parts?: { text?: string }[] }[] | undefined;
  const user =
    input?.[1]?.content?.[0]?.text ??
    messages?.find((m) => m.role === "user")?.content?.[0]?.text ??
    contents?.[0]?.parts?.[0]?.text;
  return {
    keys: Object.keys(body),
    scalars,
    installDir: /(\/[^\s,]+)\/README\.md/.exec(cut.head)?.[1],
    contextEntries: cut.contextEntries,
    skillsXml: cut.skillsXml,
    tail: cut.tail,
    toolNames: piToolsOf(body).map((t) => t.name),
    userMessage: user,
  };
}
