// The rule registry: every lint rule, sorted by id (a test checks the order). Pure.
import type { Rule } from "../define-rule.js";
import { configApprovedPrefixes } from "./config-approved-prefixes.js";
import { configParse } from "./config-parse.js";
import { configProjectDocMaxBytes } from "./config-project-doc-max-bytes.js";
import { configUnknownKey } from "./config-unknown-key.js";
import { configValueRange } from "./config-value-range.js";
import { contentEmphasisDensity } from "./content-emphasis-density.js";
import { contentGenericInstruction } from "./content-generic-instruction.js";
import { ctxBrokenLink } from "./ctx-broken-link.js";
import { ctxClaudeChars } from "./ctx-claude-chars.js";
import { ctxCodeSpanPath } from "./ctx-code-span-path.js";
import { ctxCodexChainBytes } from "./ctx-codex-chain-bytes.js";
import { ctxCommandsExist } from "./ctx-commands-exist.js";
import { ctxCopilotChars } from "./ctx-copilot-chars.js";
import { ctxDuplicateLayer } from "./ctx-duplicate-layer.js";
import { ctxImportCycle } from "./ctx-import-cycle.js";
import { ctxImportDepth } from "./ctx-import-depth.js";
import { ctxImportMissing } from "./ctx-import-missing.js";
import { ctxHarnessDrops } from "./ctx-harness-drops.js";
import { ctxLocalFileCommitted } from "./ctx-local-file-committed.js";
import { ctxMaxLines } from "./ctx-max-lines.js";
import { ctxNoTreeDump } from "./ctx-no-tree-dump.js";
import { ctxPackageManagerConsistency } from "./ctx-package-manager-consistency.js";
import { ctxPersonalPaths } from "./ctx-personal-paths.js";
import { ctxPlaceholder } from "./ctx-placeholder.js";
import { ctxReadmeOverlap } from "./ctx-readme-overlap.js";
import { ctxTokenBudget } from "./ctx-token-budget.js";
import { ctxVolatileContent } from "./ctx-volatile-content.js";
import { cursorFrontmatter } from "./cursor-frontmatter.js";
import { cursorLegacyFile } from "./cursor-legacy-file.js";
import { fileBinary } from "./file-binary.js";
import { fileInvalidUtf8 } from "./file-invalid-utf8.js";
import { fileTooLarge } from "./file-too-large.js";
import { fileUnreadable } from "./file-unreadable.js";
import { metaInternalError } from "./meta-internal-error.js";
import { metaUnusedSuppression } from "./meta-unused-suppression.js";
import { promptLiteralMustache } from "./prompt-literal-mustache.js";
import { promptMissingPartial } from "./prompt-missing-partial.js";
import { promptPartialCycle } from "./prompt-partial-cycle.js";
import { promptSyntax } from "./prompt-syntax.js";
import { promptUndefinedVariable } from "./prompt-undefined-variable.js";
import { promptUnknownHelper } from "./prompt-unknown-helper.js";
import { promptUnusedVariable } from "./prompt-unused-variable.js";
import { promptVolatileOutput } from "./prompt-volatile-output.js";
import { secDangerousCommand } from "./sec-dangerous-command.js";
import { secHiddenInstruction } from "./sec-hidden-instruction.js";
import { secInvisibleUnicode } from "./sec-invisible-unicode.js";
import { secSecret } from "./sec-secret.js";
import { secUnscopedBash } from "./sec-unscoped-bash.js";
import { skillBodyLines } from "./skill-body-lines.js";
import { skillBodyTokens } from "./skill-body-tokens.js";
import { skillBooleanFields } from "./skill-boolean-fields.js";
import { skillBrokenLink } from "./skill-broken-link.js";
import { skillCcSideEffects } from "./skill-cc-side-effects.js";
import { skillCcUnreachable } from "./skill-cc-unreachable.js";
import { skillCodexListing } from "./skill-codex-listing.js";
import { skillCompatibilityMax } from "./skill-compatibility-max.js";
import { skillDescriptionMax } from "./skill-description-max.js";
import { skillDescriptionNoXml } from "./skill-description-no-xml.js";
import { skillDescriptionPerson } from "./skill-description-person.js";
import { skillDescriptionRequired } from "./skill-description-required.js";
import { skillDescriptionTokens } from "./skill-description-tokens.js";
import { skillDescriptionWhen } from "./skill-description-when.js";
import { skillExtraneousFiles } from "./skill-extraneous-files.js";
import { skillFrontmatterParse } from "./skill-frontmatter-parse.js";
import { skillFrontmatterPresent } from "./skill-frontmatter-present.js";
import { skillMetadataShape } from "./skill-metadata-shape.js";
import { skillNameFormat } from "./skill-name-format.js";
import { skillNameMatchesDir } from "./skill-name-matches-dir.js";
import { skillNameRequired } from "./skill-name-required.js";
import { skillNameReserved } from "./skill-name-reserved.js";
import { skillNameVague } from "./skill-name-vague.js";
import { skillOrphanFile } from "./skill-orphan-file.js";
import { skillReferencesDepth } from "./skill-references-depth.js";
import { skillTimeSensitive } from "./skill-time-sensitive.js";
import { skillUnclosedFence } from "./skill-unclosed-fence.js";
import { skillUnknownField } from "./skill-unknown-field.js";

/** Sorted by rule id. */
export const ruleRegistry: { readonly [id: string]: Rule<any> } = {
  "config/approved-prefixes": configApprovedPrefixes,
  "config/parse": configParse,
  "config/project-doc-max-bytes": configProjectDocMaxBytes,
  "config/unknown-key": configUnknownKey,
  "config/value-range": configValueRange,
  "content/emphasis-density": contentEmphasisDensity,
  "content/generic-instruction": contentGenericInstruction,
  "ctx/broken-link": ctxBrokenLink,
  "ctx/claude-chars": ctxClaudeChars,
  "ctx/code-span-path": ctxCodeSpanPath,
  "ctx/codex-chain-bytes": ctxCodexChainBytes,
  "ctx/commands-exist": ctxCommandsExist,
  "ctx/copilot-chars": ctxCopilotChars,
  "ctx/duplicate-layer": ctxDuplicateLayer,
  "ctx/harness-drops": ctxHarnessDrops,
  "ctx/import-cycle": ctxImportCycle,
  "ctx/import-depth": ctxImportDepth,
  "ctx/import-missing": ctxImportMissing,
  "ctx/local-file-committed": ctxLocalFileCommitted,
  "ctx/max-lines": ctxMaxLines,
  "ctx/no-tree-dump": ctxNoTreeDump,
  "ctx/package-manager-consistency": ctxPackageManagerConsistency,
  "ctx/personal-paths": ctxPersonalPaths,
  "ctx/placeholder": ctxPlaceholder,
  "ctx/readme-overlap": ctxReadmeOverlap,
  "ctx/token-budget": ctxTokenBudget,
  "ctx/volatile-content": ctxVolatileContent,
  "cursor/frontmatter": cursorFrontmatter,
  "cursor/legacy-file": cursorLegacyFile,
  "file/binary": fileBinary,
  "file/invalid-utf8": fileInvalidUtf8,
  "file/too-large": fileTooLarge,
  "file/unreadable": fileUnreadable,
  "meta/internal-error": metaInternalError,
  "meta/unused-suppression": metaUnusedSuppression,
  "prompt/literal-mustache": promptLiteralMustache,
  "prompt/missing-partial": promptMissingPartial,
  "prompt/partial-cycle": promptPartialCycle,
  "prompt/syntax": promptSyntax,
  "prompt/undefined-variable": promptUndefinedVariable,
  "prompt/unknown-helper": promptUnknownHelper,
  "prompt/unused-variable": promptUnusedVariable,
  "prompt/volatile-output": promptVolatileOutput,
  "sec/dangerous-command": secDangerousCommand,
  "sec/hidden-instruction": secHiddenInstruction,
  "sec/invisible-unicode": secInvisibleUnicode,
  "sec/secret": secSecret,
  "sec/unscoped-bash": secUnscopedBash,
  "skill/body-lines": skillBodyLines,
  "skill/body-tokens": skillBodyTokens,
  "skill/boolean-fields": skillBooleanFields,
  "skill/broken-link": skillBrokenLink,
  "skill/cc-side-effects": skillCcSideEffects,
  "skill/cc-unreachable": skillCcUnreachable,
  "skill/codex-listing": skillCodexListing,
  "skill/compatibility-max": skillCompatibilityMax,
  "skill/description-max": skillDescriptionMax,
  "skill/description-no-xml": skillDescriptionNoXml,
  "skill/description-person": skillDescriptionPerson,
  "skill/description-required": skillDescriptionRequired,
  "skill/description-tokens": skillDescriptionTokens,
  "skill/description-when": skillDescriptionWhen,
  "skill/extraneous-files": skillExtraneousFiles,
  "skill/frontmatter-parse": skillFrontmatterParse,
  "skill/frontmatter-present": skillFrontmatterPresent,
  "skill/metadata-shape": skillMetadataShape,
  "skill/name-format": skillNameFormat,
  "skill/name-matches-dir": skillNameMatchesDir,
  "skill/name-required": skillNameRequired,
  "skill/name-reserved": skillNameReserved,
  "skill/name-vague": skillNameVague,
  "skill/orphan-file": skillOrphanFile,
  "skill/references-depth": skillReferencesDepth,
  "skill/time-sensitive": skillTimeSensitive,
  "skill/unclosed-fence": skillUnclosedFence,
  "skill/unknown-field": skillUnknownField,
};

export const lintRules: readonly Rule<any>[] = Object.values(ruleRegistry);

export const lintRulesById: ReadonlyMap<string, Rule<any>> = new Map(Object.entries(ruleRegistry));
