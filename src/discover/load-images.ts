// Turns `--image` arguments into image URLs: URLs pass through, files are read and inlined as data URLs.
// IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { resolvePath } from "./paths.js";
import { cannotRead } from "../model/file-error.js";

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export function imageMimeType(path: string): string | undefined {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return MIME_BY_EXTENSION[ext];
}

export function loadImages(host: Host, cwd: string, images: readonly string[]): Result<string[]> {
  const diagnostics: Diagnostic[] = [];
  const urls: string[] = [];
  for (const image of images) {
    if (/^(data:|https?:\/\/)/i.test(image)) {
      urls.push(image);
      continue;
    }
    const path = resolvePath(cwd, image, host.home());
    const mime = imageMimeType(path);
    if (!mime) {
      diagnostics.push(
        diagnostic("input/image-type", "error", `image ${path}: unsupported type (png, jpeg, gif, webp)`, {
          file: path,
        }),
      );
      continue;
    }
    const read = host.readBytes(path);
    if (!read.ok) {
      diagnostics.push(diagnostic("input/image-unreadable", "error", cannotRead(path, read.error), { file: path }));
      continue;
    }
    // Codex may also resize large images before sending; promptc sends the file as it is.
    urls.push(`data:${mime};base64,${Buffer.from(read.value.bytes).toString("base64")}`);
  }
  return { value: urls, diagnostics };
}
