// `promptc schema`: the published schemas validate what promptc reads and writes.
import { Ajv } from "ajv";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-lint-cli.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("runSchema", () => {
  it("prints the config schema, which accepts the repo's own promptc.yaml and rejects a bad preset", async () => {
    const r = await runCli(["schema"], ROOT);
    expect(r.code).toBe(0);
    const validate = new Ajv({ strict: false }).compile(JSON.parse(r.stdout));
    expect(validate(parse(readFileSync(join(ROOT, "promptc.yaml"), "utf8")))).toBe(true);
    expect(validate({ extends: "lenient" })).toBe(false);
  });

  it("prints the lint result schema and rejects an unknown name with exit 2", async () => {
    expect(JSON.parse((await runCli(["schema", "lint-result"], ROOT)).stdout).title).toBeTypeOf("string");
    const bad = await runCli(["schema", "nope"], ROOT);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "promptc schema: unknown schema 'nope' (expected config, lint-result, sessions)\n",
    ]);
  });
});
