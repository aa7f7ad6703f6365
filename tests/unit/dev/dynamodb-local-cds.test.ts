import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  classArchiveKey,
  DYNAMODB_LOCAL_MAIN_CLASS,
  libraryJars,
  planClassArchive,
} from "../../../dev/dynamodb-local-cds";
import { waitUntil } from "../../support/wait-until";

// A fake java: `-Xshare:dump` copies the class list into the archive; the check prints check-output.txt.
const FAKE_JAVA = `#!/bin/sh
here=$(dirname "$0")
echo "$*" >> "$here/java-calls.txt"
list=""; archive=""; dump=""; check=""
for a in "$@"; do
  case "$a" in
    -XX:SharedClassListFile=*) list="\${a#-XX:SharedClassListFile=}" ;;
    -XX:SharedArchiveFile=*) archive="\${a#-XX:SharedArchiveFile=}" ;;
    -Xshare:dump) dump=1 ;;
    -XX:+PrintSharedArchiveAndExit) check=1 ;;
  esac
done
if [ -n "$dump" ]; then cp "$list" "$archive"; exit 0; fi
if [ -n "$check" ]; then cat "$here/check-output.txt"; exit 0; fi
exit 2
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setUp = (checkOutput = "archive is valid\n") => {
  const root = mkdtempSync(join(tmpdir(), "larder-cds-unit-"));
  dirs.push(root);
  const java = join(root, "bin", "java");
  mkdirSync(join(root, "bin"));
  writeFileSync(java, FAKE_JAVA);
  chmodSync(java, 0o755);
  writeFileSync(join(root, "bin", "check-output.txt"), checkOutput);
  const release = join(root, "dynamodb_local");
  const libDir = join(release, "DynamoDBLocal_lib");
  mkdirSync(libDir, { recursive: true });
  const jar = join(release, "DynamoDBLocal.jar");
  writeFileSync(jar, "jar");
  for (const name of ["b.jar", "A.jar", "a.jar", "libsqlite4java-linux-amd64.so"]) {
    writeFileSync(join(libDir, name), name);
  }
  return { root, java, jar, libDir, cacheDir: join(root, "cache") };
};

const optionOf = (launch: readonly string[], prefix: string) =>
  launch.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);

describe("planClassArchive", () => {
  it("runs the library jars, sorted, then a link to the unchanged jar, and the main class", () => {
    const paths = setUp();
    const plan = planClassArchive(paths);
    if (!plan) throw new Error("no plan");
    const dir = join(paths.cacheDir, classArchiveKey(paths.java, paths.jar, libraryJars(paths.libDir)));
    const classPath = plan.launch[plan.launch.indexOf("-cp") + 1];
    expect(classPath?.split(":")).toEqual([
      join(paths.libDir, "A.jar"),
      join(paths.libDir, "a.jar"),
      join(paths.libDir, "b.jar"),
      join(dir, "DynamoDBLocal.jar"),
    ]);
    expect(readlinkSync(join(dir, "DynamoDBLocal.jar"))).toBe(paths.jar);
    expect(plan.launch.at(-1)).toBe(DYNAMODB_LOCAL_MAIN_CLASS);
    expect(optionOf(plan.launch, "-XX:DumpLoadedClassList=")).toMatch(/loaded-classes\.[0-9a-f-]+\.txt$/);
    expect(optionOf(plan.launch, "-XX:SharedArchiveFile=")).toBeUndefined();
  });

  it("builds the archive from the whole lines of the class list once the stack served its first requests, once, and cleans up", async () => {
    const paths = setUp();
    const dumps: Array<number | undefined> = [];
    const plan = planClassArchive({ ...paths, onDumpStarted: (pid) => dumps.push(pid) });
    const list = optionOf(plan?.launch ?? [], "-XX:DumpLoadedClassList=");
    if (!plan || !list) throw new Error("no plan");
    writeFileSync(list, "java/lang/Object id: 0\nsoftware/amazon/Main id: 1\nhalf-writ");
    plan.afterReady(process.pid);
    // Not yet: the classes of the stack's first requests (GetItem, Query) go into the archive too.
    expect(dumps).toEqual([]);
    plan.afterFirstRequests();
    plan.afterFirstRequests();
    expect(dumps).toHaveLength(1);
    const dir = join(list, "..");
    await waitUntil("the archive", () => existsSync(join(dir, "classes.jsa")), 10_000);
    await waitUntil("the lock to go", () => !existsSync(join(dir, "dumping.lock")), 10_000);
    expect(readFileSync(join(dir, "classes.jsa"), "utf8")).toBe(
      "java/lang/Object id: 0\nsoftware/amazon/Main id: 1\n",
    );
    expect(readdirSync(dir).sort()).toEqual(["DynamoDBLocal.jar", "classes.jsa"]);
    const calls = readFileSync(join(paths.root, "bin", "java-calls.txt"), "utf8");
    expect(calls).toContain("-Xshare:dump");
    expect(calls).toContain("-XX:+PrintSharedArchiveAndExit");

    // The next start maps it; a JVM that did not (this process maps no archive) removes it.
    const next = planClassArchive(paths);
    expect(optionOf(next?.launch ?? [], "-XX:SharedArchiveFile=")).toBe(join(dir, "classes.jsa"));
    expect(optionOf(next?.launch ?? [], "-XX:DumpLoadedClassList=")).toBeUndefined();
    next?.afterReady(process.pid);
    expect(existsSync(join(dir, "classes.jsa"))).toBe(false);
  });

  it("keeps no archive that Java says it would start without its own classes", async () => {
    const paths = setUp(
      "OpenJDK 64-Bit Server VM warning: Archived non-system classes are disabled because the file x.so exists\narchive is valid\n",
    );
    const plan = planClassArchive(paths);
    const list = optionOf(plan?.launch ?? [], "-XX:DumpLoadedClassList=");
    if (!plan || !list) throw new Error("no plan");
    writeFileSync(list, "java/lang/Object id: 0\n");
    plan.afterFirstRequests();
    const dir = join(list, "..");
    await waitUntil("the dump to end", () => !existsSync(join(dir, "dumping.lock")), 10_000);
    expect(readdirSync(dir)).toEqual(["DynamoDBLocal.jar"]);
  });

  it("starts no second dump while one holds the lock", () => {
    const paths = setUp();
    const dumps: Array<number | undefined> = [];
    const plan = planClassArchive({ ...paths, onDumpStarted: (pid) => dumps.push(pid) });
    const list = optionOf(plan?.launch ?? [], "-XX:DumpLoadedClassList=");
    if (!plan || !list) throw new Error("no plan");
    writeFileSync(join(list, "..", "dumping.lock"), "12345");
    writeFileSync(list, "java/lang/Object id: 0\n");
    plan.afterFirstRequests();
    expect(dumps).toEqual([]);
    expect(existsSync(join(list, "..", "classes.jsa"))).toBe(false);
  });

  it("removes other keys' folders no start has used for a week, and keeps its own", () => {
    const paths = setUp();
    const old = join(paths.cacheDir, "0123456789abcdef01234567");
    const recent = join(paths.cacheDir, "fedcba9876543210fedcba98");
    mkdirSync(old, { recursive: true });
    mkdirSync(recent, { recursive: true });
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    utimesSync(old, weekAgo, weekAgo);
    planClassArchive(paths);
    const key = classArchiveKey(paths.java, paths.jar, libraryJars(paths.libDir));
    expect(readdirSync(paths.cacheDir).sort()).toEqual([key, recent.split("/").at(-1)].sort());
  });

  it("gives no plan when the cache folder cannot be made (then -jar, as before)", () => {
    const paths = setUp();
    writeFileSync(paths.cacheDir, "a file where the folder should be");
    expect(planClassArchive(paths)).toBeUndefined();
  });
});

describe("classArchiveKey", () => {
  it("changes with the jar, a library jar or java, and only with them", () => {
    const paths = setUp();
    const key = () => classArchiveKey(paths.java, paths.jar, libraryJars(paths.libDir));
    const first = key();
    expect(key()).toBe(first);
    const later = new Date(Date.now() + 60_000);
    utimesSync(paths.jar, later, later);
    const afterJar = key();
    expect(afterJar).not.toBe(first);
    writeFileSync(join(paths.libDir, "c.jar"), "c");
    const afterLibrary = key();
    expect(afterLibrary).not.toBe(afterJar);
    writeFileSync(paths.java, `${FAKE_JAVA}\n# another build\n`);
    expect(key()).not.toBe(afterLibrary);
  });
});
