// What a recorded run (record-run.ts) reaches without a module: process.env (each variable read is noted, a
// listing notes them all, a change refuses), standard input (refuses), Node's own streams for fd 1 and 2 (what
// they write is kept), the clock, randomness and a change of directory (refuse), the system's time zone through
// Intl (refuses), today's date in a zone through the node host (noted: src/host/run-watch.ts), and
// process.getBuiltinModule (answered as require is). Does IO (globals).
import type { AnyFn, EnvSeen, RunNotes } from "./run-notes.js";
import { latin1 } from "./watch-fs.js";
import { formatDateInZone } from "../../discover/resolve-environment.js";
import { setRunWatch } from "../../host/run-watch.js";

export interface WatchedProcess {
  /** Puts back everything replaced; returns the variables the run read. */
  stop(): EnvSeen;
}

const CLOCK_GLOBALS = [
  "performance",
  "PerformanceEntry",
  "PerformanceMark",
  "PerformanceMeasure",
  "PerformanceObserver",
  "PerformanceObserverEntryList",
  "PerformanceResourceTiming",
  "Event",
  "CustomEvent",
] as const;

export function watchProcess(
  notes: RunNotes,
  moduleFor: (id: string, load: (id: string) => unknown) => unknown,
): WatchedProcess {
  const { note, refuse, output } = notes;
  const realNow = Date.now;
  // process.env: each read noted, a listing notes all of it, a write refuses.
  const realEnv = process.env;
  const envSeen = new Map<string, string | null>();
  let envListed = false;
  const readVar = (name: string | symbol): void => {
    if (typeof name === "string" && !envSeen.has(name)) envSeen.set(name, realEnv[name] ?? null);
  };
  process.env = new Proxy(realEnv, {
    get(target, key) {
      readVar(key);
      return Reflect.get(target, key);
    },
    has(target, key) {
      readVar(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      readVar(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      envListed = true;
      return Reflect.ownKeys(target);
    },
    set(target, key, value) {
      refuse("a change to the environment");
      return Reflect.set(target, key, value);
    },
    deleteProperty(target, key) {
      refuse("a change to the environment");
      return Reflect.deleteProperty(target, key);
    },
  });

  // Standard input, the clock, randomness and Node's own streams for fd 1 and 2.
  const restores: (() => void)[] = [];
  const patch = <T extends object>(
    owner: T,
    key: keyof T & string,
    make: (original: unknown) => PropertyDescriptor,
  ): void => {
    // Every property patched is the owner's own (a function missing from this Node cannot be called either).
    const before = Object.getOwnPropertyDescriptor(owner, key);
    if (before === undefined) return;
    Object.defineProperty(owner, key, {
      ...make(before.get ? before.get.call(owner) : before.value),
      configurable: true,
    });
    restores.push(() => Object.defineProperty(owner, key, before));
  };
  const stdinBefore = Object.getOwnPropertyDescriptor(process, "stdin")!;
  Object.defineProperty(process, "stdin", {
    configurable: true,
    enumerable: stdinBefore.enumerable ?? false,
    get() {
      refuse("standard input");
      return stdinBefore.get ? stdinBefore.get.call(process) : stdinBefore.value;
    },
  });
  restores.push(() => Object.defineProperty(process, "stdin", stdinBefore));
  for (const name of ["stdout", "stderr"] as const) {
    const before = Object.getOwnPropertyDescriptor(process, name)!;
    const fd = name === "stdout" ? 1 : 2;
    let stream: NodeJS.WriteStream | undefined;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: before.enumerable ?? false,
      get() {
        if (stream === undefined) {
          stream = (before.get ? before.get.call(process) : before.value) as NodeJS.WriteStream;
          // A terminal's stream tells its width (commander wraps help to it), which no look covers.
          if (stream.isTTY) refuse(`process.${name} on a terminal`);
          const emit = stream.emit.bind(stream) as AnyFn;
          stream.emit = ((event: string, ...rest: unknown[]) => {
            if (event === "error") refuse(`a write to ${name} that failed`);
            return emit(event, ...rest);
          }) as NodeJS.WriteStream["emit"];
          const write = stream.write.bind(stream) as AnyFn;
          stream.write = ((chunk: unknown, encoding?: unknown, done?: unknown) => {
            output(fd, latin1(chunk, encoding));
            return write(chunk, encoding, done);
          }) as NodeJS.WriteStream["write"];
        }
        return stream;
      },
    });
    restores.push(() => Object.defineProperty(process, name, before));
  }
  const clockRead = (what: string) => (original: unknown) => ({
    value: function (this: unknown, ...args: unknown[]) {
      refuse(what);
      return (original as AnyFn).apply(this, args);
    },
    writable: true,
  });
  patch(Date, "now", clockRead("the clock"));
  patch(Math, "random", clockRead("randomness"));
  // Globals that tell the time: `performance` (now, timeOrigin, marks), the entries' classes (a mark's startTime)
  // and Event (its timeStamp), so reading one refuses. They are Node's lazy globals: a run that never reads
  // `performance` does not load perf_hooks (~1.5 ms).
  for (const name of CLOCK_GLOBALS) {
    const before = Object.getOwnPropertyDescriptor(globalThis, name);
    if (before === undefined) continue;
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: before.enumerable ?? false,
      get() {
        refuse("the clock");
        return before.get ? before.get.call(globalThis) : before.value;
      },
    });
    restores.push(() => Object.defineProperty(globalThis, name, before));
  }
  patch(process, "uptime", clockRead("the clock"));
  patch(process, "chdir", clockRead("a change of directory"));
  const hrtime = process.hrtime;
  patch(process, "hrtime", () => ({
    value: Object.assign(
      (time?: [number, number]) => {
        refuse("the clock");
        return hrtime(time);
      },
      {
        bigint: () => {
          refuse("the clock");
          return hrtime.bigint();
        },
      },
    ),
    writable: true,
  }));
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (getBuiltin !== undefined)
    patch(process as { getBuiltinModule: unknown }, "getBuiltinModule", () => ({
      value: (id: string) => moduleFor(id, getBuiltin),
      writable: true,
    }));
  // Comparing and formatting in the system's locale: ICU reads LANG and LC_* itself, past process.env.
  const inSystemLocale = "the system's locale";
  for (const [owner, key, localesAt] of [
    [String.prototype, "localeCompare", 1],
    [Number.prototype, "toLocaleString", 0],
    [Date.prototype, "toLocaleString", 0],
    [Date.prototype, "toLocaleDateString", 0],
    [Date.prototype, "toLocaleTimeString", 0],
    [Array.prototype, "toLocaleString", 0],
  ] as const)
    patch(owner as unknown as { [k: string]: unknown }, key, (original) => ({
      value: function (this: unknown, ...args: unknown[]) {
        if (typeof args[localesAt] !== "string" && !Array.isArray(args[localesAt])) refuse(inSystemLocale);
        return (original as AnyFn).apply(this, args);
      },
      writable: true,
    }));
  for (const key of [
    "Collator",
    "NumberFormat",
    "PluralRules",
    "RelativeTimeFormat",
    "ListFormat",
    "Segmenter",
  ] as const) {
    const Real = (Intl as unknown as { [k: string]: AnyFn | undefined })[key];
    if (Real === undefined) continue;
    patch(Intl as unknown as { [k: string]: unknown }, key, () => ({
      value: new Proxy(Real, {
        construct(target, args, newTarget): object {
          if (typeof args[0] !== "string" && !Array.isArray(args[0])) refuse(inSystemLocale);
          return Reflect.construct(target, args, newTarget === target ? target : newTarget);
        },
        apply(target, self, args) {
          if (typeof args[0] !== "string" && !Array.isArray(args[0])) refuse(inSystemLocale);
          return Reflect.apply(target, self, args);
        },
      }),
      writable: true,
    }));
  }
  // The system's time zone and locale are ICU's own reads of the environment and /etc/localtime.
  const RealDateTimeFormat = Intl.DateTimeFormat;
  const implicit = (args: unknown[]): boolean =>
    typeof args[0] !== "string" || typeof (args[1] as { timeZone?: unknown } | undefined)?.timeZone !== "string";
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args, newTarget): object {
      if (implicit(args)) refuse("the system's time zone or locale");
      return Reflect.construct(target, args, newTarget === Intl.DateTimeFormat ? target : newTarget);
    },
    apply(target, self, args) {
      if (implicit(args)) refuse("the system's time zone or locale");
      return Reflect.apply(target, self, args);
    },
  });
  restores.push(() => {
    Intl.DateTimeFormat = RealDateTimeFormat;
  });
  setRunWatch({
    dateIn: (zone) => {
      const date = formatDateInZone(realNow(), zone);
      note("date", zone, date);
      return date;
    },
  });
  restores.push(() => setRunWatch(undefined));
  const RealDate = Date;
  const WatchedDate: DateConstructor = new Proxy(RealDate, {
    construct(target, args, newTarget): object {
      if (args.length === 0) refuse("the clock");
      return Reflect.construct(target, args, newTarget === WatchedDate ? target : newTarget);
    },
    apply() {
      refuse("the clock");
      return RealDate();
    },
  });
  globalThis.Date = WatchedDate;
  restores.push(() => {
    globalThis.Date = RealDate;
  });

  return {
    stop() {
      for (const restore of restores.reverse()) restore();
      restores.length = 0;
      process.env = realEnv;
      if (!envListed) return [...envSeen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const names = Object.keys(realEnv).sort();
      return [...names.map((name): [string, string | null] => [name, realEnv[name] ?? null]), ["*", names.join("\0")]];
    },
  };
}
