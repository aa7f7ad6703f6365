/**
 * Stands for an object a test file's beforeAll starts (a server, a table, a harness), from the file's top
 * where its hooks are registered: every use reads the started one, and a use before it started throws
 * naming `what`.
 */
export const startedLater = <T extends object>(get: () => T | undefined, what: string): T => {
  const started = (): T => {
    const value = get();
    if (value === undefined) throw new Error(`${what} starts in the test file's beforeAll`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_target, property) => {
      const value = started();
      const member = Reflect.get(value, property);
      return typeof member === "function" ? member.bind(value) : member;
    },
    has: (_target, property) => Reflect.has(started(), property),
  });
};
