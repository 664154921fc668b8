import { describe, expect, it } from "vitest";
import {
  splitApprovedPrefixes,
  splitPermissionsSection,
  templateNetworkWord,
} from "../../src/capture/split-permissions.js";
import { PREFIXES_TRUNCATED_MARKER } from "../../src/fragments/approved-prefixes.js";

describe("templateNetworkWord", () => {
  it.each([
    ["Net is restricted.", { text: "Net is {network_access}.", templated: true }],
    ["Net is enabled.", { text: "Net is {network_access}.", templated: true }],
    ["Writes restricted; net restricted.", { text: "Writes restricted; net restricted.", templated: false }],
    ["No network word here.", { text: "No network word here.", templated: false }],
    ["Unrestricted access.", { text: "Unrestricted access.", templated: false }],
  ])("templates %j", (sentence, expected) => {
    expect(templateNetworkWord(sentence)).toEqual(expected);
  });
});

describe("splitApprovedPrefixes", () => {
  it.each([
    ["Ask.", { approval: "Ask." }],
    ['Ask.\n\nHead\nApproved: - ["a"]\n- ["b", "c"]', { approval: "Ask.", head: "Head\nApproved: " }],
    ['Ask.\n\nPara two.\n\nHead: - ["a"]', { approval: "Ask.\n\nPara two.", head: "Head: " }],
    [`Ask.\n\nHead: - ["a"]\n- ["b", "lo${PREFIXES_TRUNCATED_MARKER}`, { approval: "Ask.", head: "Head: " }],
    ['No gap before - ["a"]', { approval: 'No gap before - ["a"]' }],
    ["- not a list", { approval: "- not a list" }],
  ])("splits %j", (text, expected) => {
    expect(splitApprovedPrefixes(text)).toEqual(expected);
  });
});

describe("splitPermissionsSection", () => {
  it("returns sandbox, approval and writable-roots prose of a workspace-write section", () => {
    const section =
      "<permissions instructions>\nWrites ok. Network access is enabled.\nNever ask.\n Roots: `/a`, `/b`.\n</permissions instructions>";
    expect(splitPermissionsSection(section, "workspace-write")).toEqual({
      sandbox: "Writes ok. Network access is {network_access}.",
      networkTemplated: true,
      approval: "Never ask.",
      writableRoots: " Roots: {roots}.",
    });
  });

  it.each([
    ["<permissions instructions>\nno close tag"],
    ["prefix <permissions instructions>\nx\n</permissions instructions>"],
  ])("returns undefined for %j", (section) => {
    expect(splitPermissionsSection(section, "read-only")).toBeUndefined();
  });
});
