/**
 * Loads something on first use and keeps the promise, so a module or client stays out of the cold start
 * until a request needs it (ARCHITECTURE.md, "How a Lambda stays within budget"). A failed load is
 * forgotten, so the next call tries again instead of failing for the container's life.
 */
export const lazyLoad = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

type AsyncMethodKeys<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * A port whose every listed method loads the implementation on its first call: the one lazy port
 * wrapper. `methods` names the port's methods, since an interface leaves nothing to enumerate at run time.
 */
export const lazyPort = <T extends object>(
  load: () => Promise<T>,
  methods: readonly AsyncMethodKeys<T>[],
): T => {
  const implementation = lazyLoad(load);
  const port: Partial<Record<keyof T, unknown>> = {};
  for (const method of methods) {
    port[method] = async (...args: unknown[]) => {
      const target = await implementation();
      return (target[method] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    };
  }
  return port as T;
};
