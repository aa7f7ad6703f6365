import type { BrowserContext, Page } from "playwright-core";
import type { StoreSessionOptions } from "./store-browser";

/** How long an idle session is kept for its household before its context is closed. */
const IDLE_SESSION_MS = 15_000;

/** A session's context and page, kept idle for its household's next session. */
export interface IdleSession {
  context: BrowserContext;
  page: Page;
}

/** A session handed back on close: kept when it is healthy and there is room, else its context closed. */
export interface ReleasedSession extends IdleSession {
  readonly healthy: boolean;
  closeContext(): Promise<void>;
}

/** A household's key: its cookies (name, value, where), so only its own next session takes its context. */
export const householdKey = (sessionOptions: StoreSessionOptions): string =>
  JSON.stringify(
    sessionOptions.cookies
      .map((cookie) => [cookie.name, cookie.value, "url" in cookie ? cookie.url : cookie.domain])
      .sort(),
  );

/**
 * Idle sessions by household (their cookies), newest last, at most `maxIdle` in all. A context and its
 * page cost Chromium a new renderer (measured here: 20 searches at once took 4.5 s on fresh contexts, 1.7 s
 * on reused pages), and a household's searches come in runs (each item of a coordinator run tries one
 * query, then the next). Only the same household's next session takes one: its context holds that
 * household's cookies alone, so households never share a context. A session whose call failed is closed,
 * not kept.
 */
export const createIdleSessionPool = (
  maxIdle: number,
  closeContext: (context: BrowserContext) => Promise<void>,
) => {
  const idle = new Map<string, (IdleSession & { timer: NodeJS.Timeout })[]>();
  let idleCount = 0;

  return {
    /** The household's newest idle session whose page is still open (the closed ones closed), if any. */
    take(key: string): IdleSession | undefined {
      const entries = idle.get(key);
      for (let entry = entries?.pop(); entry; entry = entries?.pop()) {
        idleCount -= 1;
        clearTimeout(entry.timer);
        if (!entry.page.isClosed()) return entry;
        void closeContext(entry.context);
      }
      return undefined;
    },

    /** Keeps a closed session for its household for IDLE_SESSION_MS, or closes its context. */
    async release(key: string, session: ReleasedSession): Promise<void> {
      if (!session.healthy || idleCount >= maxIdle || session.page.isClosed()) return session.closeContext();
      const entries = idle.get(key) ?? [];
      idle.set(key, entries);
      const entry = {
        context: session.context,
        page: session.page,
        timer: setTimeout(() => {
          const index = entries.indexOf(entry);
          if (index < 0) return;
          entries.splice(index, 1);
          idleCount -= 1;
          if (entries.length === 0 && idle.get(key) === entries) idle.delete(key);
          void closeContext(entry.context);
        }, IDLE_SESSION_MS),
      };
      // An idle session must not keep a process (the local stack, a test) alive.
      entry.timer.unref();
      entries.push(entry);
      idleCount += 1;
    },

    /** Forgets every idle session (the browser closing closes their contexts). */
    clear(): void {
      for (const entries of idle.values()) for (const entry of entries) clearTimeout(entry.timer);
      idle.clear();
      idleCount = 0;
    },
  };
};

/**
 * Slots for open sessions, at most `maxOpen`: each open session holds one until it closes (or fails to
 * open); more wait in turn, within the bound `wait` puts on the turn.
 */
export const createOpenSessionLimit = (maxOpen: number) => {
  let openSessions = 0;
  const waiting: (() => void)[] = [];
  const free = (): void => {
    const next = waiting.shift();
    if (next) next();
    else openSessions -= 1;
  };
  const take = async (wait: (turn: Promise<void>) => Promise<void>): Promise<void> => {
    if (openSessions < maxOpen) {
      openSessions += 1;
      return;
    }
    let granted: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => {
      granted = resolve;
      waiting.push(resolve);
    });
    try {
      await wait(turn);
    } catch (error) {
      const index = waiting.indexOf(granted);
      // Still queued: leave the queue. Granted meanwhile: hand the slot on.
      if (index >= 0) waiting.splice(index, 1);
      else free();
      throw error;
    }
  };
  return { take, free };
};
