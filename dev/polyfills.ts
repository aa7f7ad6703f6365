/**
 * aws-local-stepfunctions 3 declares Node >= 22 and calls Promise.withResolvers, which Node 20 lacks.
 * Loaded first by the local stack, the tests and the benches; a no-op on Node 22+.
 */
if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== "function") {
  Object.defineProperty(Promise, "withResolvers", {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
