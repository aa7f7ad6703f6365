import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { delimiter, dirname, join } from "node:path";

/**
 * A class-data archive (AppCDS) for DynamoDB Local's JVM: the classes it loads up to its first answer and
 * through the stack's first requests,
 * parsed, verified and laid out once, then mapped at each start (bench/README.md, "Local stack: start and
 * stop": about 1 s less CPU to the first ListTables).
 *
 * Why not simply `-jar DynamoDBLocal.jar`: the jar's manifest Class-Path names `.` (its own, non-empty
 * folder) and the native libraries beside the jars (DynamoDBLocal_lib/*.so, *.dylib, *.dll). Java 17 will
 * not write an archive with a non-empty folder before a class it archives ("Cannot have non-empty directory
 * in paths"), and at each start it turns the archive's own classes off when a Class-Path entry it recorded
 * as missing (the native libraries are no jars) exists ("Archived non-system classes are disabled"). So the
 * JVM runs with `-cp <every DynamoDBLocal_lib jar, sorted>:<link>/DynamoDBLocal.jar <main class>`, where
 * the link is a symbolic link to the unchanged jar in a cache folder: its Class-Path now names files that do
 * not exist there, and `.` comes after every class archived. The order does not change which class loads:
 * the classes found in two jars are byte for byte the same (checked for dynamodb_local_2026-01-16).
 *
 * The archive is kept in node_modules/.cache/larder/dynamodb-local/<key>/, the key a hash of the java
 * binary, its JVM library and module image, the jar and the library jars (path, size, modification time);
 * any change gives a new key (Java itself refuses an archive of another JVM or changed jars, and then
 * starts without it). A start without an archive asks its JVM to list the classes it loads; once the stack
 * has served its first requests (or stops), a detached, niced `java -Xshare:dump` builds the archive from that list (some seconds of CPU,
 * once), checks it with the JVM and only then renames it into place. A start whose JVM did not map its
 * archive (read from /proc) removes it, and the next start builds it again.
 */
export interface ClassArchivePlan {
  /** JVM options and the class to run, in place of `-jar <jar>`. */
  launch: string[];
  /** Once java (pid) answers: checks the archive was mapped. */
  afterReady(javaPid: number): void;
  /**
   * Once the stack has served its first requests (its /health answered 200), or at stop: without an archive,
   * builds it from the classes this start's JVM has loaded so far. Those of its first GetItem, Query and
   * DescribeTable among them: measured, they then answer in 40-60 ms instead of 90-160 (C1 on 2 cores).
   */
  afterFirstRequests(): void;
}

export const DYNAMODB_LOCAL_MAIN_CLASS = "software.amazon.dynamodb.services.local.main.ServerRunner";

/** A build no start has used for this long is removed. */
const UNUSED_MAX_AGE_MS = 7 * 86_400_000;
/** A dump that has held its lock this long is taken to have died. */
const DUMP_LOCK_MAX_AGE_MS = 10 * 60_000;
const ARCHIVE = "classes.jsa";
const LOCK = "dumping.lock";
const LINKED_JAR = "DynamoDBLocal.jar";
const LIST_PREFIX = "loaded-classes.";
/** Bumped when what the archive holds or how it is made changes. */
const SCHEME = "2";

const statKey = (file: string): string => {
  try {
    const info = statSync(file);
    return `${file}\0${info.size}\0${info.mtimeMs}`;
  } catch {
    return `${file}\0missing`;
  }
};

/** The library jars in the order they go on the class path (the manifest's own order: sorted by name). */
export const libraryJars = (libDir: string): string[] =>
  readdirSync(libDir)
    .filter((name) => name.endsWith(".jar"))
    .sort()
    .map((name) => join(libDir, name));

/** The archive's key: what Java checks before it maps one, so a change here means a new archive. */
export const classArchiveKey = (java: string, jar: string, libJars: readonly string[]): string => {
  const hash = createHash("sha256");
  let javaHome: string | undefined;
  try {
    javaHome = dirname(dirname(realpathSync(java)));
  } catch {
    javaHome = undefined;
  }
  hash.update(`scheme ${SCHEME}\0${statKey(java)}\0`);
  if (javaHome) {
    hash.update(`${statKey(join(javaHome, "lib", "server", "libjvm.so"))}\0`);
    hash.update(`${statKey(join(javaHome, "lib", "modules"))}\0`);
  }
  for (const file of [jar, ...libJars]) hash.update(`${statKey(file)}\0`);
  return hash.digest("hex").slice(0, 24);
};

/** Whether /proc shows `file` mapped into process `pid`; undefined where /proc cannot tell. */
export const mapsFile = (pid: number, file: string): boolean | undefined => {
  try {
    return readFileSync(`/proc/${pid}/maps`, "utf8").includes(file);
  } catch {
    return undefined;
  }
};

const removeUnused = (cacheDir: string, keep: string): void => {
  const now = Date.now();
  for (const name of readdirSync(cacheDir)) {
    if (name === keep) continue;
    try {
      if (now - statSync(join(cacheDir, name)).mtimeMs > UNUSED_MAX_AGE_MS) {
        rmSync(join(cacheDir, name), { recursive: true, force: true });
      }
    } catch {
      // Another start removed it first.
    }
  }
};

/** Class lists of starts that never got to their dump (the others are removed when it starts). */
const removeLeftLists = (dir: string): void => {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(LIST_PREFIX)) continue;
    try {
      if (now - statSync(join(dir, name)).mtimeMs > DUMP_LOCK_MAX_AGE_MS)
        rmSync(join(dir, name), { force: true });
    } catch {
      // Removed by a start beside this one.
    }
  }
};

const quote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * The shell that builds the archive: dump from the class list, check that the JVM maps it with its own
 * classes on, rename it into place; the lock and the list go whatever happens. Detached and niced: it
 * outlives a stack stopped at once (a test's start and stop) and yields the CPU to everything else.
 */
const dumpScript = (java: string, classPath: string, list: string, dir: string): string => {
  const partial = join(dir, `${ARCHIVE}.${randomUUID()}.partial`);
  const checkOutput = `${partial}.check`;
  return [
    `trap ${quote(`rm -f ${quote(partial)} ${quote(checkOutput)} ${quote(list)} ${quote(join(dir, LOCK))}`)} EXIT`,
    `nice -n 19 ${quote(java)} -Xshare:dump -XX:SharedClassListFile=${quote(list)} -XX:SharedArchiveFile=${quote(partial)} -cp ${quote(classPath)} >/dev/null 2>&1 || exit 1`,
    `${quote(java)} -Xshare:on -XX:SharedArchiveFile=${quote(partial)} -XX:+PrintSharedArchiveAndExit -cp ${quote(classPath)} ${DYNAMODB_LOCAL_MAIN_CLASS} >${quote(checkOutput)} 2>&1 || exit 1`,
    `grep -q 'archive is valid' ${quote(checkOutput)} || exit 1`,
    `grep -q 'classes are disabled' ${quote(checkOutput)} && exit 1`,
    `mv -f ${quote(partial)} ${quote(join(dir, ARCHIVE))}`,
  ].join("\n");
};

/** Takes the dump's lock unless a live dump holds it. */
const takeLock = (lock: string): boolean => {
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs < DUMP_LOCK_MAX_AGE_MS) return false;
      writeFileSync(lock, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
};

/**
 * How DynamoDB Local's JVM starts with a class-data archive kept in `cacheDir`; undefined when the cache
 * cannot be used (then `-jar` as before).
 */
export const planClassArchive = ({
  java,
  jar,
  libDir,
  cacheDir,
  onDumpStarted,
}: {
  java: string;
  jar: string;
  libDir: string;
  cacheDir: string;
  /** For tests: the detached dump's shell, once spawned. */
  onDumpStarted?: (pid: number | undefined) => void;
}): ClassArchivePlan | undefined => {
  const libJars = libraryJars(libDir);
  const key = classArchiveKey(java, jar, libJars);
  const dir = join(cacheDir, key);
  const linkedJar = join(dir, LINKED_JAR);
  try {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(linkedJar)) {
      try {
        symlinkSync(jar, linkedJar);
      } catch (error) {
        // A start beside this one made it first.
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    const now = new Date();
    utimesSync(dir, now, now); // in use: not removed as unused
    removeUnused(cacheDir, key);
  } catch {
    return undefined;
  }
  const classPath = [...libJars, linkedJar].join(delimiter);
  const launch = (option: string) => [option, "-cp", classPath, DYNAMODB_LOCAL_MAIN_CLASS];
  const archive = join(dir, ARCHIVE);
  if (existsSync(archive)) {
    return {
      launch: launch(`-XX:SharedArchiveFile=${archive}`),
      afterReady: (javaPid) => {
        // Unusable (damaged, another JVM's): Java started without it; the next start builds it again.
        try {
          if (mapsFile(javaPid, realpathSync(archive)) === false) rmSync(archive, { force: true });
        } catch {
          // Removed by a start beside this one.
        }
      },
      afterFirstRequests: () => undefined,
    };
  }
  try {
    removeLeftLists(dir);
  } catch {
    // Nothing to remove.
  }
  const list = join(dir, `${LIST_PREFIX}${randomUUID()}.txt`);
  let listRead = false;
  return {
    launch: launch(`-XX:DumpLoadedClassList=${list}`),
    afterReady: () => undefined,
    afterFirstRequests: () => {
      if (listRead) return;
      listRead = true;
      // The JVM goes on adding to its list: the dump reads a copy of the whole lines written so far.
      let written: string;
      try {
        written = readFileSync(list, "utf8");
        rmSync(list, { force: true });
      } catch {
        return;
      }
      if (existsSync(archive) || !takeLock(join(dir, LOCK))) return;
      const snapshot = `${list}.snapshot`;
      try {
        writeFileSync(snapshot, written.slice(0, written.lastIndexOf("\n") + 1));
        const dump = spawn("sh", ["-c", dumpScript(java, classPath, snapshot, dir)], {
          cwd: dir,
          detached: true,
          stdio: "ignore",
        });
        dump.on("error", () => rmSync(join(dir, LOCK), { force: true }));
        dump.unref();
        onDumpStarted?.(dump.pid);
      } catch {
        rmSync(join(dir, LOCK), { force: true });
      }
    },
  };
};
