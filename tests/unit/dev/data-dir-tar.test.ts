import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractTar, packTar } from "../../../dev/data-dir-tar";

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "larder-extract-tar-"));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** One ustar header block (checksum left blank: the reader does not check it, as PGlite's does not). */
const header = (name: string, size: number, type: "0" | "5" | "2"): Buffer => {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, "utf8");
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, 12, "ascii");
  block.write(type, 156, 1, "ascii");
  block.write("ustar\0", 257, 6, "ascii");
  return block;
};
const entry = (name: string, content: string): Buffer => {
  const body = Buffer.from(content);
  const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  body.copy(padded);
  return Buffer.concat([header(name, body.length, "0"), padded]);
};

describe("packTar and extractTar (a PGlite data directory as a tarball and back)", () => {
  it("writes the directories and files a tar tool packed, byte for byte, leading slashes under the folder", () => {
    const source = join(scratch, "source");
    mkdirSync(join(source, "base", "5"), { recursive: true });
    writeFileSync(join(source, "PG_VERSION"), "17\n");
    const page = Buffer.alloc(8192 + 100, 7);
    writeFileSync(join(source, "base", "5", "1259"), page);
    mkdirSync(join(source, "pg_notify"));
    const tarball = execFileSync("tar", ["--format=ustar", "-cf", "-", "-C", source, "."]);

    const into = join(scratch, "into");
    expect(extractTar(tarball, into)).toBe(2);
    expect(readFileSync(join(into, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(join(into, "base", "5", "1259")).equals(page)).toBe(true);
    expect(existsSync(join(into, "pg_notify"))).toBe(true);

    // PGlite's own dump names its entries from the root: /PG_VERSION.
    const rooted = Buffer.concat([entry("/PG_VERSION", "17\n"), Buffer.alloc(1024)]);
    expect(extractTar(rooted, join(scratch, "rooted"))).toBe(1);
    expect(readFileSync(join(scratch, "rooted", "PG_VERSION"), "utf8")).toBe("17\n");
  });

  it("refuses a path out of the folder, a link and a tarball cut short, so the caller falls back", () => {
    expect(() => extractTar(entry("../escaped", "x"), join(scratch, "a"))).toThrow(/escaped/);
    expect(existsSync(join(scratch, "escaped"))).toBe(false);
    expect(() => extractTar(header("base/link", 0, "2"), join(scratch, "b"))).toThrow(/type "2"/);
    expect(() =>
      extractTar(entry("PG_VERSION", "x".repeat(600)).subarray(0, 700), join(scratch, "c")),
    ).toThrow(/cut short/);
    expect(() => extractTar(Buffer.alloc(512, 0x41), join(scratch, "d"))).toThrow();
  });

  it("packs a folder as a tarball a tar tool lists (checksums right) and extractTar writes back byte for byte", () => {
    const source = join(scratch, "source");
    mkdirSync(join(source, "base", "5"), { recursive: true });
    mkdirSync(join(source, "pg_notify"));
    writeFileSync(join(source, "PG_VERSION"), "17\n");
    const page = Buffer.alloc(8192 * 3 + 5, 9);
    writeFileSync(join(source, "base", "5", "2619"), page);
    const tarball = packTar(source);

    const listed = execFileSync("tar", ["-tvf", "-"], { input: tarball, encoding: "utf8" });
    expect(listed).toMatch(/\/base\/5\/2619/);
    expect(listed).toMatch(/24581 .*\/base\/5\/2619/);
    const into = join(scratch, "into");
    expect(extractTar(tarball, into)).toBe(2);
    expect(readFileSync(join(into, "base", "5", "2619")).equals(page)).toBe(true);
    expect(readFileSync(join(into, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(existsSync(join(into, "pg_notify"))).toBe(true);
  });
});
