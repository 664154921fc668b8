// Terminal styling that turns itself off: no colour when NO_COLOR is set, output is not a TTY, or --no-color.

export interface Style {
  bold: (s: string) => string;
  dim: (s: string) => string;
  red: (s: string) => string;
  yellow: (s: string) => string;
  cyan: (s: string) => string;
  green: (s: string) => string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

export function createStyle(color: boolean): Style {
  if (!color) return { bold: plain, dim: plain, red: plain, yellow: plain, cyan: plain, green: plain };
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), green: wrap(32, 39) };
}

/** Colour only for a terminal, never when NO_COLOR is set (https://no-color.org) or the user said --no-color. */
export function shouldColor(io: { isTTY: boolean; env: { [key: string]: string | undefined } }, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return io.isTTY;
}
