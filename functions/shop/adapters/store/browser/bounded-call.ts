/**
 * Settles with `work`, or rejects with `onTimeout()` after `timeoutMs`. Playwright bounds navigations
 * and waits, but not its other protocol calls (evaluate, newContext, close): a hung browser or page
 * must not hang a tool.
 */
export const within = async <T>(work: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> => {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};
