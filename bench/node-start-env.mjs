// The environment every benchmark's timed processes run in: the caller's, without the settings that change how
// each Node process starts. A machine's environment may carry them, and each adds one fixed cost to every Node
// start, both sides of a ratio alike, which flatters it (NODE_EXTRA_CA_CERTS pointing at a system bundle makes each
// start parse ~150 certificates: `node -e 0` measured 0.052 s with it and 0.022 s without). A user of defaults has
// none of them.
export const NODE_START_VARIABLES = ["NODE_EXTRA_CA_CERTS", "NODE_OPTIONS"];

export const BENCH_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !NODE_START_VARIABLES.includes(k)),
);
