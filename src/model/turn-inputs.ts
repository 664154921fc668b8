// Checks for the turn inputs a person types (model slug, date): what is well formed before anything is loaded.
// Pure.

/** Model slugs as providers spell them: `gpt-5.2-codex`, `gpt-oss:20b`, `openai/gpt-5`, `claude-x@2025`. */
const MODEL_SLUG = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
export const MODEL_SLUG_MAX_CHARS = 256;

/** Why `model` is not a usable slug, or undefined when it is. */
export function modelSlugProblem(model: string): string | undefined {
  if (model === "") return "is empty";
  if (model.length > MODEL_SLUG_MAX_CHARS) return `is longer than ${MODEL_SLUG_MAX_CHARS} characters`;
  if (!MODEL_SLUG.test(model))
    return "is not a model slug (letters, digits and . _ : / @ + -, starting with a letter or digit)";
  return undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists in the proleptic Gregorian calendar (2026-02-31 does not). */
export function isCalendarDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}
