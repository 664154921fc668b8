// Shell name, current date and IANA timezone as Codex reports them, from host data or explicit overrides.
// Pure helpers (Intl only) plus discoverEnvironment, which reads through the Host.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { ShellName } from "../model/turn-context.js";
import { isCalendarDate } from "../model/turn-inputs.js";

export const FALLBACK_TIMEZONE = "Etc/UTC";
/** Codex's shell when it cannot tell (it reads the account's login shell, not `$SHELL`). */
export const DEFAULT_SHELL: ShellName = "bash";
const ZONEINFO = "/zoneinfo/";

/** Maps a shell path or name (`/usr/bin/zsh`, `pwsh.exe`) to Codex's shell names; undefined when unknown. */
export function shellNameFromPath(path: string): ShellName | undefined {
  const base = (path.split(/[\\/]/).pop() ?? "").toLowerCase().replace(/\.exe$/, "");
  switch (base) {
    case "zsh":
      return "zsh";
    case "bash":
      return "bash";
    case "pwsh":
    case "powershell":
      return "powershell";
    case "sh":
    case "dash":
      return "sh";
    case "cmd":
      return "cmd";
    default:
      return undefined;
  }
}

/**
 * Zones every ICU build knows, all at UTC+0 with no transitions. For them validation and the calendar date need
 * no Intl: the first Intl call costs ~10 ms of start-up (ICU time-zone data), a tenth of a cold preview.
 */
const UTC_ZONES: ReadonlySet<string> = new Set(["UTC", "Etc/UTC", "GMT", "Etc/GMT"]);
/**
 * Years 1600–9999: ICU's calendar is Julian before 1582 and `year: "numeric"` has four digits up to 9999; in
 * this range the arithmetic below is exactly Intl's answer.
 */
const EXACT_RANGE_MS = { from: -11676096000000, to: 253402300800000 };
const MS_PER_DAY = 86_400_000;

/** `YYYY-MM-DD` of a UTC instant (days → civil date, proleptic Gregorian). */
function utcDate(nowMs: number): string {
  // Howard Hinnant's civil_from_days, with eras of 400 years counted from 0000-03-01.
  const z = Math.floor(nowMs / MS_PER_DAY) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function isValidTimezone(zone: string): boolean {
  if (UTC_ZONES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` of the instant `nowMs` in `zone` (a valid IANA name). */
/**
 * The BCP 47 locale Node's ICU picks from the environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`;
 * `de_DE.UTF-8` → `de-DE`), or undefined for C/POSIX/unset, where it formats as en-US.
 */
export function localeFromEnv(env: (name: string) => string | undefined): string | undefined {
  const raw = [env("LC_ALL"), env("LC_MESSAGES"), env("LANG")].find((v) => v !== undefined && v !== "");
  const tag = raw?.replace(/[.@].*$/, "").replace(/_/g, "-");
  return tag === undefined || tag === "" || tag === "C" || tag === "POSIX" ? undefined : tag;
}

/**
 * `YYYY-MM-DD` as `toLocaleDateString(locale, { weekday, year, month, day: long/numeric })` writes it (Gemini
 * CLI's session date); undefined when ICU does not know the locale.
 */
export function formatLongDateInLocale(date: string, locale: string): string | undefined {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }).format(Date.UTC(y, m - 1, d, 12));
  } catch {
    return undefined;
  }
}

export function formatDateInZone(nowMs: number, zone: string): string {
  if (UTC_ZONES.has(zone) && nowMs >= EXACT_RANGE_MS.from && nowMs < EXACT_RANGE_MS.to) return utcDate(nowMs);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(nowMs);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Local ISO 8601 time of `nowMs` in `zone` with milliseconds and the zone's offset (`2026-12-01T07:30:11.767+00:00`,
 * as Copilot CLI writes `<current_datetime>`). */
export function formatIsoDatetimeInZone(nowMs: number, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(nowMs);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const local = Date.UTC(+get("year"), +get("month") - 1, +get("day"), +get("hour"), +get("minute"), +get("second"));
  const offsetMin = Math.round((local - Math.floor(nowMs / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? "-" : "+";
  const abs = Math.abs(offsetMin);
  const ms = String(((nowMs % 1000) + 1000) % 1000).padStart(3, "0");
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:${get("second")}.${ms}${off}`;
}

export interface ResolvedEnvironment {
  shell: string;
  currentDate: string;
  timezone: string;
  tmpExists: boolean;
  tmpdir?: string;
}

export interface DiscoverEnvironmentOptions {
  shell?: string;
  /** `YYYY-MM-DD`. */
  date?: string;
  timezone?: string;
}

/**
 * Timezone: the override, else the zone `/etc/localtime` links to (what Codex reads on Linux; it ignores `TZ`),
 * else the host clock's zone, else Etc/UTC.
 */
export function discoverEnvironment(host: Host, options: DiscoverEnvironmentOptions = {}): Result<ResolvedEnvironment> {
  const diagnostics: Diagnostic[] = [];
  const clock = host.clock();

  let shell: string;
  if (options.shell !== undefined) {
    const mapped = shellNameFromPath(options.shell);
    if (!mapped)
      diagnostics.push(
        diagnostic(
          "environment/unknown-shell",
          "warning",
          `shell \`${options.shell}\` is not one Codex knows (zsh, bash, powershell, sh, cmd); sent as given`,
        ),
      );
    shell = mapped ?? options.shell;
  } else {
    // As Codex 0.171.0: the passwd entry's shell; `$SHELL` only where the host has no account database.
    const login = host.loginShell();
    const source = login !== undefined ? "the login shell" : "$SHELL";
    const found = login ?? host.env("SHELL");
    const mapped = found ? shellNameFromPath(found) : undefined;
    if (found && !mapped)
      diagnostics.push(
        diagnostic(
          "environment/unknown-shell",
          "info",
          `${source} \`${found}\` is not one Codex knows; using ${DEFAULT_SHELL}`,
        ),
      );
    shell = mapped ?? DEFAULT_SHELL;
  }

  let timezone: string | undefined;
  if (options.timezone !== undefined) {
    if (isValidTimezone(options.timezone)) timezone = options.timezone;
    else
      diagnostics.push(
        diagnostic("environment/invalid-timezone", "error", `unknown IANA timezone \`${options.timezone}\``),
      );
  } else {
    const local = host.realpath("/etc/localtime");
    const i = local.ok ? local.value.indexOf(ZONEINFO) : -1;
    const fromLink = local.ok && i >= 0 ? local.value.slice(i + ZONEINFO.length) : undefined;
    if (fromLink && isValidTimezone(fromLink)) timezone = fromLink;
    else if (clock.timezone && isValidTimezone(clock.timezone)) timezone = clock.timezone;
  }
  timezone ??= FALLBACK_TIMEZONE;

  let currentDate: string;
  if (options.date !== undefined) {
    if (!isCalendarDate(options.date))
      diagnostics.push(
        diagnostic("environment/invalid-date", "error", `date \`${options.date}\` is not a calendar date (YYYY-MM-DD)`),
      );
    currentDate = options.date;
  } else currentDate = clock.dateIn?.(timezone) ?? formatDateInZone(clock.nowMs, timezone);

  const tmp = host.stat("/tmp");
  const tmpdir = host.env("TMPDIR");
  const value: ResolvedEnvironment = {
    shell,
    currentDate,
    timezone,
    tmpExists: tmp.ok && tmp.value.kind === "directory",
  };
  if (tmpdir) value.tmpdir = tmpdir;
  return { value, diagnostics };
}
