/**
 * Items this tab has just decided, hidden from the inbox at once (an optimistic update): the API may
 * still list them for the moment its workflow takes to move on. Each is hidden for at most HIDE_MS, and
 * a decision the API refused is shown again at once (`forget`).
 */
const HIDE_MS = 60_000;
const decided = new Map<string, number>();

export const markDecided = (id: string): void => {
  decided.set(id, Date.now());
};

export const forget = (id: string): void => {
  decided.delete(id);
};

export const isHidden = (id: string, now = Date.now()): boolean => {
  const at = decided.get(id);
  if (at === undefined) return false;
  if (now - at > HIDE_MS) {
    decided.delete(id);
    return false;
  }
  return true;
};
