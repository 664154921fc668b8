// The rule sets a configuration's `extends` (and `--preset`) names. Pure.
export const LINT_PRESETS = ["recommended", "strict", "all"] as const;
export type LintPreset = (typeof LINT_PRESETS)[number];
