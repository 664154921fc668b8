// Which flags apply to which profile, decided from the profile's data: each such flag feeds one reader (Codex's
// TurnContext discovery, a harness's own discovery, promptc's envelope layout), and a profile without that reader
// refuses the flag in one line naming the profiles that take it. Pure.
import { hasEnvelopeLayout, PROFILE_LIST, profileIdList, type Profile } from "../profiles/index.js";

/** What reads a flag's value. */
export type FlagReader = "turn-context discovery" | "harness discovery" | "envelope layout";

const HAS_READER: { readonly [reader in FlagReader]: (profile: Profile) => boolean } = {
  "turn-context discovery": (p) => p.discovery.type === "turn-context",
  "harness discovery": (p) => p.discovery.type !== "turn-context",
  "envelope layout": hasEnvelopeLayout,
};

/** A flag given on the command line (its long name) and what reads it. */
export type GivenFlag = readonly [flag: string, reader: FlagReader];

/** Whether `profile` has the reader a flag feeds. */
export function profileReads(profile: Profile, reader: FlagReader): boolean {
  return HAS_READER[reader](profile);
}

/** The ids of the profiles that have `reader`, for help texts. */
export function profilesReading(reader: FlagReader): string[] {
  return PROFILE_LIST.filter((p) => profileReads(p, reader)).map((p) => p.id);
}

/** One line refusing the given flags `profile` has no reader for (e.g. `--sandbox` for pi), or undefined. */
export function refuseFlags(profile: Profile, given: readonly GivenFlag[]): string | undefined {
  const refused = given.filter(([, reader]) => !profileReads(profile, reader));
  if (refused.length === 0) return undefined;
  const readers = [...new Set(refused.map(([, reader]) => reader))];
  const groups = readers.map((reader) => {
    const flags = refused.filter(([, r]) => r === reader).map(([flag]) => flag);
    const takers = profilesReading(reader);
    const subject = readers.length > 1 ? flags.join(", ") : flags.length > 1 ? "they" : "it";
    return `${subject} ${flags.length > 1 ? "feed" : "feeds"} the ${reader} of ${profileIdList("and", takers)}`;
  });
  return `${refused.map(([flag]) => flag).join(", ")} cannot be used with --profile ${profile.id}: ${groups.join("; ")}`;
}
