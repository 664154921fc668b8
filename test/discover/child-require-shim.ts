// Test helper, imported first by child-process bundles (test/bundle-for-child.ts makes ESM): gives the CommonJS
// dependencies inside the bundle (yaml) a `require` for Node's built-ins, which an ESM bundle lacks.
import { createRequire } from "node:module";

(globalThis as { require?: unknown }).require = createRequire(import.meta.url);
