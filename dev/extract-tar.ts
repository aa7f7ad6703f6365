import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

const BLOCK = 512;

const text = (bytes: Uint8Array, start: number, length: number): string => {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString("utf8");
};

/**
 * Writes an uncompressed tarball's directories and regular files (ustar; what PGlite's `dumpDataDir("none")`
 * writes) under `dir`, with plain file writes: PGlite's own `loadDataDir` copies each file through its
 * WASM file system, 4-5 s of CPU for the 60 MB demo database against some tenths of a second here.
 * Throws on anything else (a link, a path out of `dir`, a damaged header), so the caller can fall back.
 */
export const extractTar = (bytes: Uint8Array, dir: string): number => {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  let files = 0;
  for (let offset = 0; offset + BLOCK <= bytes.length; ) {
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return files;
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const size = Number.parseInt(text(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = resolve(root, `.${sep}${name}`);
    const inside = relative(root, target);
    if (!Number.isSafeInteger(size) || size < 0 || inside.startsWith("..") || inside === "") {
      if (inside === "" && type === "5") {
        offset += BLOCK;
        continue;
      }
      throw new Error(`Not a plain data directory tarball: entry "${name}"`);
    }
    const body = offset + BLOCK;
    if (type === "5") {
      mkdirSync(target, { recursive: true });
    } else if (type === "0" || type === "\0") {
      if (body + size > bytes.length) throw new Error(`Tarball cut short in "${name}"`);
      mkdirSync(join(target, ".."), { recursive: true });
      writeFileSync(target, bytes.subarray(body, body + size));
      files += 1;
    } else {
      throw new Error(`Not a plain data directory tarball: "${name}" is of type ${JSON.stringify(type)}`);
    }
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
};
