import { describe, expect, it } from "vitest";
import { parseCommandOptions, type OptionTable } from "../../../src/loop/policy/parse-command-options.js";

const table: OptionTable = {
  flags: "rn",
  valued: "kt",
  numericShort: true,
  long: { reverse: "none", key: "required", "key-file": "required", check: "optional" },
};

describe("parseCommandOptions", () => {
  it.each<[string[], ReturnType<typeof parseCommandOptions>]>([
    [["-rn", "f"], { ok: true, options: [{ name: "-r" }, { name: "-n" }], operands: ["f"] }],
    [
      ["-k2", "-t", ",", "f"],
      {
        ok: true,
        options: [
          { name: "-k", value: "2" },
          { name: "-t", value: "," },
        ],
        operands: ["f"],
      },
    ],
    [["-rk", "2"], { ok: true, options: [{ name: "-r" }, { name: "-k", value: "2" }], operands: [] }],
    [["--rev", "f"], { ok: true, options: [{ name: "--reverse" }], operands: ["f"] }],
    [["--key=2"], { ok: true, options: [{ name: "--key", value: "2" }], operands: [] }],
    [["--key", "2"], { ok: true, options: [{ name: "--key", value: "2" }], operands: [] }],
    [["--check", "f"], { ok: true, options: [{ name: "--check" }], operands: ["f"] }],
    [["--check=quiet"], { ok: true, options: [{ name: "--check", value: "quiet" }], operands: [] }],
    [["-5", "--", "-r"], { ok: true, options: [{ name: "-n", value: "5" }], operands: ["-r"] }],
    [["f", "-r", "-"], { ok: true, options: [{ name: "-r" }], operands: ["f", "-"] }],
    [["--ke"], { ok: false, reason: "unknown or ambiguous option --ke" }],
    [["--output=f"], { ok: false, reason: "unknown or ambiguous option --output" }],
    [["-of"], { ok: false, reason: "unknown option -o" }],
    [["-ro"], { ok: false, reason: "unknown option -o" }],
    [["--reverse=1"], { ok: false, reason: "--reverse takes no value" }],
    [["-k"], { ok: false, reason: "-k needs a value" }],
    [["--key"], { ok: false, reason: "--key needs a value" }],
    [["--"], { ok: true, options: [], operands: [] }],
  ])("%j", (args, expected) => {
    expect(parseCommandOptions(args, table)).toEqual(expected);
  });
});
