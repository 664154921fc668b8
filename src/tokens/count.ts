// Exact token counting (o200k_base / cl100k_base). Pure.
// TEMPORARY: plain js-tiktoken until the fast lazy counter lands (issue 2 §8).
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import cl100k from "js-tiktoken/ranks/cl100k_base";

export type EncodingName = "o200k_base" | "cl100k_base";

const encoders = new Map<EncodingName, Tiktoken>();

function encoderFor(name: EncodingName): Tiktoken {
  let enc = encoders.get(name);
  if (!enc) {
    enc = new Tiktoken(name === "o200k_base" ? o200k : cl100k);
    encoders.set(name, enc);
  }
  return enc;
}

/** Exact count; special-token text such as `<|endoftext|>` is counted as ordinary text. */
export function countTokens(text: string, encoding: EncodingName = "o200k_base"): number {
  return encoderFor(encoding).encode(text, [], []).length;
}
