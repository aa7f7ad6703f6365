import { PayloadTooLargeError } from "../errors";

/** DynamoDB's hard item limit. */
export const MAX_ITEM_BYTES = 400 * 1024;

/**
 * Upper-bound estimate of an item's DynamoDB size: attribute names plus UTF-8 values, with JSON
 * punctuation counted too, so the guard errs on the safe side and we fail with a clear 413 before
 * DynamoDB fails with a ValidationException.
 */
export const estimateItemBytes = (item: Record<string, unknown>): number =>
  Buffer.byteLength(JSON.stringify(item), "utf8");

export const assertItemFits = (item: Record<string, unknown>, what: string): void => {
  const bytes = estimateItemBytes(item);
  if (bytes > MAX_ITEM_BYTES) {
    throw new PayloadTooLargeError(
      `${what} is too large to store (${bytes} bytes; the limit is ${MAX_ITEM_BYTES})`,
      {
        code: "item_too_large",
        details: { bytes, limit: MAX_ITEM_BYTES },
      },
    );
  }
};
