// Fragment registry: every model-visible fragment's renderer and constants, plus matchFragment. Pure.
export * from "./markers.js";
export * from "./prose-set.js";
export { renderProse, TEMPLATE_HELPERS, type RenderProseOptions, type RenderedProse } from "./render-template.js";
export { combineOrigins, useProse, type RenderedFragment, type ProseUse } from "./fragment.js";
export * from "./agents-md.js";
export * from "./environment-context.js";
export * from "./filesystem-element.js";
export * from "./approved-prefixes.js";
export * from "./permissions.js";
export * from "./skills-section.js";
export * from "./skill-mentions.js";
export * from "./skill-injection.js";
export * from "./user-message.js";
export * from "./developer-instructions.js";
export * from "./base-instructions.js";
