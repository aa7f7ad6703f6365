/**
 * What the local API is doing, for work that runs beside it and gives way to it (dev/api-server.ts keeps it).
 */
export interface ApiActivity {
  /** Requests being answered now. */
  inFlight(): number;
  /** When the last request ended (on the activity's clock, `performance.now()`), undefined before the first. */
  lastEndedAt(): number | undefined;
  /** Calls `listener` each time the last request in flight ends; returns its removal. */
  onIdle(listener: () => void): () => void;
}

/** Counts the API's requests in flight: `begin()` when one arrives, the function it returns when it ends. */
export const createApiActivity = (
  now: () => number = () => performance.now(),
): ApiActivity & { begin(): () => void } => {
  let inFlight = 0;
  let lastEndedAt: number | undefined;
  const listeners = new Set<() => void>();
  return {
    inFlight: () => inFlight,
    lastEndedAt: () => lastEndedAt,
    onIdle(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin() {
      inFlight++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        lastEndedAt = now();
        if (inFlight === 0) for (const listener of [...listeners]) listener();
      };
    },
  };
};

/** Work that runs in steps beside the API and starts each one only when the API lets it (`createBackgroundTurns`). */
export interface BackgroundTurns {
  /**
   * Resolves true when the next step may start: no request in flight and none ended within the quiet
   * moment (requests come in bursts: a page's files, then its calls); at once when hurried. False once
   * stopped: start no more steps.
   */
  next(): Promise<boolean>;
  /** A request waits on this work's result: its steps go without giving way from now on. */
  hurry(): void;
  /** The stack is stopping: `next()` resolves false, now and after. */
  stop(): void;
}

/**
 * Turns for background work (the kept work a restart carries on): each step (a Scan page, one workflow's
 * resumption, one write) waits until the API is idle, so the requests of a person (the console, /health, a
 * review) never queue behind it in this process or in DynamoDB Local's JVM. A request that arrives while a
 * step runs waits for that step only: keep steps short.
 */
export const createBackgroundTurns = (
  activity: ApiActivity,
  {
    quietMs = 150,
    maxWaitMs = 1000,
    now = () => performance.now(),
  }: {
    /** How long the API stays idle before a step starts. */
    quietMs?: number;
    /** A step waits at most this long: requests without end (one that waits on a model) never starve the work. */
    maxWaitMs?: number;
    now?: () => number;
  } = {},
): BackgroundTurns => {
  let hurried = false;
  let stopped = false;
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  return {
    async next() {
      const asked = now();
      for (;;) {
        if (stopped) return false;
        if (hurried) return true;
        const at = now();
        const ended = activity.lastEndedAt();
        const quietLeft =
          activity.inFlight() > 0 ? Number.POSITIVE_INFINITY : ended === undefined ? 0 : ended + quietMs - at;
        const waitLeft = asked + maxWaitMs - at;
        if (quietLeft <= 0 || waitLeft <= 0) return true;
        // Woken when the API goes idle, when the quiet moment or the longest wait has passed, or by hurry/stop.
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            removeIdle();
            resolve();
          };
          const timer = setTimeout(wake, Math.max(1, Math.min(quietLeft, waitLeft)));
          const removeIdle = activity.onIdle(wake);
          wakers.add(wake);
        });
        // Timers run before the event loop polls its sockets: after a busy moment a request may be waiting
        // to be read. One turn of the loop lets it arrive (and count) before the step starts.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    hurry() {
      hurried = true;
      wakeAll();
    },
    stop() {
      stopped = true;
      wakeAll();
    },
  };
};
