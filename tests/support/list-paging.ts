import { expect } from "vitest";

/** One page of a list endpoint's use case: the ids it lists, in order, and its cursor if it gave one. */
export interface ListedPage {
  ids: string[];
  nextCursor?: string | undefined;
}

/**
 * A list gives a `nextCursor` only when another item follows its page (never one whose page is empty):
 * over a tenant with no items yet, `add` makes one item newer than the last and returns its id; `list`
 * reads one page, newest first.
 */
export const expectNextCursorOnlyWhenAnotherItem = async (
  add: () => Promise<string>,
  list: (page: { limit: number; cursor?: string }) => Promise<ListedPage>,
): Promise<void> => {
  const only = await add();
  const alone = await list({ limit: 1 });
  expect(alone.ids).toEqual([only]);
  expect(alone.nextCursor).toBeUndefined();

  const newer = await add();
  const first = await list({ limit: 1 });
  expect(first.ids).toEqual([newer]);
  expect(first.nextCursor).toBeDefined();
  const last = await list({ limit: 1, ...(first.nextCursor ? { cursor: first.nextCursor } : {}) });
  expect(last.ids).toEqual([only]);
  expect(last.nextCursor).toBeUndefined();

  const whole = await list({ limit: 2 });
  expect(whole.ids).toEqual([newer, only]);
  expect(whole.nextCursor).toBeUndefined();
};
