// Test helper: the text form of a compile result's layout for snapshots (fragments, tools, diagnostics).
import type { CompileResult } from "../../src/compile/compile.js";

export function layoutText(r: CompileResult, options: { sources?: boolean } = {}): string {
  const out: string[] = [];
  for (const f of r.manifest.fragments) {
    out.push(
      `${String(f.itemIndex).padStart(2)}.${f.contentIndex} ${f.layer.padEnd(16)} ${f.id.padEnd(28)} ${String(f.bytes).padStart(6)} B ${String(f.tokens).padStart(5)} tok  ${f.prose}`,
    );
    if (options.sources) for (const s of f.sources) out.push(`      ← ${s.path} ${s.bytesKept} of ${s.bytesIn} B`);
  }
  for (const t of r.manifest.tools)
    out.push(`tool ${t.name.padEnd(20)} ${String(t.bytes).padStart(6)} B ${String(t.tokens).padStart(5)} tok`);
  for (const d of r.diagnostics) out.push(`${d.severity} ${d.rule}: ${d.message}`);
  return [...out, ""].join("\n");
}
