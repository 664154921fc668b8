// homeDirectory reads $HOME without node:os: it must answer what os.homedir() does, HOME set, empty or unset.
import { homedir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { homeDirectory, nodeOs } from "../../src/host/node-os.js";

const saved = process.env["HOME"];
afterEach(() => {
  if (saved === undefined) delete process.env["HOME"];
  else process.env["HOME"] = saved;
});

describe("homeDirectory", () => {
  it("is os.homedir() with HOME as it is, elsewhere, empty and unset", () => {
    expect(homeDirectory()).toBe(homedir());
    process.env["HOME"] = "/nowhere/else";
    expect(homeDirectory()).toBe(homedir());
    process.env["HOME"] = "";
    expect(homeDirectory()).toBe(homedir());
    delete process.env["HOME"];
    expect(homeDirectory()).toBe(homedir());
  });
});

describe("nodeOs", () => {
  it("is node:os", () => {
    expect(nodeOs().homedir).toBe(homedir);
  });
});
