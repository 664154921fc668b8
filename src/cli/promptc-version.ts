// promptc's version, as package.json says (a test keeps the two equal). Pure.
// One constant so --version, lint's JSON/SARIF tool field and session logs cannot drift apart.

export const PROMPTC_VERSION = "0.1.0";
