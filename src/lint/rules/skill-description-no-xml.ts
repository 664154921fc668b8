// skill/description-no-xml: no XML/HTML tags in a description (they are injected verbatim into prompts). Pure.
import { defineRule } from "../define-rule.js";
import { fmKey, fmString } from "../rule-utils.js";
import { AGNIX_RULES, SKILLS_BEST_PRACTICES } from "../sources.js";

const TAG = /<\/?[A-Za-z][\w:-]*(\s[^<>]*)?\/?>/g;

export const skillDescriptionNoXml = defineRule({
  id: "skill/description-no-xml",
  meta: {
    description: "a skill description contains no XML or HTML tags",
    rationale:
      "Descriptions are pasted into the system prompt without escaping (observed in Codex 0.171), so a tag can close or forge the surrounding prompt structure. Anthropic forbids XML tags in descriptions.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    basis: "vendor",
    sources: [SKILLS_BEST_PRACTICES, AGNIX_RULES],
    fixable: "safe",
    messages: { tag: "description contains the tag '{{tag}}'" },
  },
  check({ file, report }) {
    const d = fmString(file, "description");
    const key = fmKey(file, "description");
    if (d === undefined || !key || !d.includes("<")) return;
    // `useLoaderData<T>`, `harness-<name>`, `@ai-sdk/<provider>`: a type parameter or a placeholder glued to a word, not markup.
    const tags = [...d.matchAll(TAG)].filter((m) => !/[\w/@-]$/.test(d.slice(0, m.index))).map((m) => m[0]);
    if (tags.length === 0) return;
    const raw = file.text.slice(key.valueStart, key.valueEnd);
    const stripped = raw.replace(TAG, "");
    // Only fix when every tag appears verbatim in the source (no escapes or folding in between).
    const fixable = tags.every((t) => raw.includes(t)) && stripped.trim() !== "";
    report({
      messageId: "tag",
      data: { tag: tags[0] as string },
      place: { line: key.valueLine, column: key.valueColumn },
      ...(fixable ? { fix: { start: key.valueStart, end: key.valueEnd, text: stripped } } : {}),
    });
  },
});
