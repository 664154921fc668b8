// skill/metadata-shape: `metadata` is a map of string keys to string values. Pure.
import { defineRule } from "../define-rule.js";
import { fmValuePlace } from "../rule-utils.js";
import { SKILLS_SPEC } from "../sources.js";

export const skillMetadataShape = defineRule({
  id: "skill/metadata-shape",
  meta: {
    description: "`metadata`, when present, maps string keys to string values",
    rationale:
      "The spec defines `metadata` as a string→string map; nested objects and numbers are read differently by different clients. `metadata.internal: true` is accepted: the skills CLI (vercel-labs/skills) reads that boolean to hide a skill, and quoting it would break that.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    basis: "spec",
    sources: [SKILLS_SPEC],
    messages: { notMap: "`metadata` must be a mapping", notString: "`metadata.{{key}}` must be a string" },
  },
  check({ file, report }) {
    const data = file.frontmatter.data;
    if (!data || !("metadata" in data)) return;
    const v = data["metadata"];
    const place = fmValuePlace(file, "metadata");
    if (v === null || typeof v !== "object" || Array.isArray(v)) return report({ messageId: "notMap", place });
    for (const [key, value] of Object.entries(v)) {
      // `internal: true` hides a skill from a widely used skills CLI, which reads exactly that boolean.
      if (key === "internal" && typeof value === "boolean") continue;
      if (typeof value !== "string") report({ messageId: "notString", data: { key }, place });
    }
  },
});
