import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

const octal = (value: number, width: number): string => `${value.toString(8).padStart(width - 1, "0")}\0`;

/** One ustar header, named from the root as PGlite's own dump names its entries (`/base/5/1259`). */
const headerFor = (name: string, size: number, type: "0" | "5"): Buffer => {
  if (Buffer.byteLength(name) > 100) throw new Error(`A name too long for a plain tar header: "${name}"`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(type === "5" ? 0o755 : 0o600, 8), 100, 8, "ascii");
  block.write(octal(0, 8), 108, 8, "ascii");
  block.write(octal(0, 8), 116, 8, "ascii");
  block.write(octal(size, 12), 124, 12, "ascii");
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 12, "ascii");
  block.write(type, 156, 1, "ascii");
  block.write("ustar\0" + "00", 257, 8, "ascii");
  // The checksum: the header's bytes summed with its own field as spaces.
  block.fill(" ", 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return block;
};

/**
 * The folder's directories and regular files as an uncompressed tarball PGlite's `loadDataDir` (and
 * `extractTar`) reads, with plain file reads: PGlite's `dumpDataDir` reads each file through its WASM file
 * system. Synchronous on purpose: nothing else runs in this process while a snapshot is read, so a database
 * open in it (checkpointed just before) cannot change under the copy.
 */
export const packTar = (dir: string): Buffer => {
  const chunks: Buffer[] = [];
  const walk = (relativeDir: string) => {
    const entries = readdirSync(join(dir, relativeDir), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const path = `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        chunks.push(headerFor(path, 0, "5"));
        walk(path);
      } else if (entry.isFile()) {
        const body = readFileSync(join(dir, path));
        chunks.push(
          headerFor(path, body.length, "0"),
          body,
          Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK),
        );
      } else {
        throw new Error(`Not a plain data directory: ${path} is neither a file nor a folder`);
      }
    }
  };
  walk("");
  chunks.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(chunks);
};
