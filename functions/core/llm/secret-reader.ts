/** Reads one secret's value by id. The AWS adapter is `createAwsSecretReader`; tests pass a fake. */
export interface SecretReader {
  read(secretId: string): Promise<string>;
}

/**
 * Memoises reads per secret id for the life of the container ("read once per container"). A failed read
 * is forgotten, so the next call tries again instead of failing until the container is recycled.
 */
export const cacheSecretReads = (reader: SecretReader): SecretReader => {
  const reads = new Map<string, Promise<string>>();
  return {
    read(secretId) {
      const cached = reads.get(secretId);
      if (cached) return cached;
      const read = reader.read(secretId);
      reads.set(secretId, read);
      read.catch(() => reads.delete(secretId));
      return read;
    },
  };
};
