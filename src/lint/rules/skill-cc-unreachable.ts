// skill/cc-unreachable: a Claude Code skill that neither the user nor the model can invoke. Pure.
import { defineRule } from "../define-rule.js";
import { fmKeyPlace } from "../rule-utils.js";
import { AGNIX_RULES, CLAUDE_SKILLS } from "../sources.js";

export const skillCcUnreachable = defineRule({
  id: "skill/cc-unreachable",
  meta: {
    description:
      "a skill is not both hidden from the user (`user-invocable: false`) and from the model (`disable-model-invocation: true`)",
    rationale:
      "In Claude Code `user-invocable: false` removes the skill from the slash-command menu and `disable-model-invocation: true` stops the model from loading it. With both set nothing can ever run the skill; drop one of them.",
    defaultSeverity: "error",
    appliesTo: ["skill"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [CLAUDE_SKILLS, AGNIX_RULES],
    messages: {
      unreachable:
        "`user-invocable: false` with `disable-model-invocation: true`: neither the user nor the model can invoke this skill",
    },
  },
  check({ file, report }) {
    const data = file.frontmatter.data;
    if (data?.["user-invocable"] === false && data["disable-model-invocation"] === true) {
      report({ messageId: "unreachable", place: fmKeyPlace(file, "user-invocable") });
    }
  },
});
