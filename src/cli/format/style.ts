// Terminal styling that turns itself off: no colour when NO_COLOR is set, output is not a TTY, or --no-color.
// Pure (the environment and TTY state come in as data). Colours are written as promptc's private markers, which
// only the terminal writer turns into SGR (after escaping every control the data holds), so data cannot forge one.
import { ownSgr } from "../terminal-text.js";

export interface Style {
  bold: (s: string) => string;
  dim: (s: string) => string;
  red: (s: string) => string;
  yellow: (s: string) => string;
  cyan: (s: string) => string;
  green: (s: string) => string;
}

const wrap = (open: number, close: number) => (s: string) => `${ownSgr(String(open))}${s}${ownSgr(String(close))}`;
const plain = (s: string) => s;

export function createStyle(color: boolean): Style {
  if (!color) return { bold: plain, dim: plain, red: plain, yellow: plain, cyan: plain, green: plain };
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    green: wrap(32, 39),
  };
}

type ColorIO = { isTTY: boolean; env: { [key: string]: string | undefined } };

/**
 * Precedence, as the README states it: --color (true) / --no-color (false) > FORCE_COLOR (non-empty forces, "0" disables) >
 * NO_COLOR (non-empty disables, https://no-color.org) > TERM=dumb (off) > a terminal. Every verb that colours has both flags.
 */
export function colorFor(io: ColorIO, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  const force = io.env["FORCE_COLOR"];
  if (force !== undefined && force !== "") return force !== "0";
  if (io.env["NO_COLOR"] !== undefined && io.env["NO_COLOR"] !== "") return false;
  if (io.env["TERM"] === "dumb") return false;
  return io.isTTY;
}
