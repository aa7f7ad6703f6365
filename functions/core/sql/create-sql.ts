import type { SqlConfig } from "./sql-config";
import type { SqlExecutor, SqlPort } from "./sql-port";

/**
 * Builds the port for the configured adapter. Synchronous, so a handler builds it at module load; the
 * adapter's client library is imported on first use, so a Lambda bundles and loads only the one it
 * runs (postgres.js or the RDS Data API client).
 */
export const createSql = (config: SqlConfig): SqlPort => {
  let port: Promise<SqlPort> | undefined;
  let built: SqlPort | undefined;
  const open = (): Promise<SqlPort> => {
    port ??= build(config).then((ready) => {
      built = ready;
      return ready;
    });
    port.catch(() => {
      port = undefined;
    });
    return port;
  };
  return {
    adapter: config.adapter,
    query: async (text, params) => (await open()).query(text, params),
    transaction: async <T>(work: (tx: SqlExecutor) => Promise<T>) => (await open()).transaction(work),
    probe: async () => (await open()).probe(),
    async close() {
      if (port) await (await port).close();
      port = undefined;
      built = undefined;
    },
    lastKnown: () => built?.lastKnown?.(),
  };
};

const build = async (config: SqlConfig): Promise<SqlPort> => {
  switch (config.adapter) {
    case "postgres-wire": {
      const { createPostgresWireSql } = await import("./postgres-wire-adapter");
      return createPostgresWireSql({ url: config.url, sharedSession: config.sharedSession });
    }
    case "rds-data-api": {
      const [{ RDSDataClient }, { createDataApiSql }] = await Promise.all([
        import("@aws-sdk/client-rds-data"),
        import("./data-api-adapter"),
      ]);
      return createDataApiSql({
        client: new RDSDataClient({}),
        resourceArn: config.clusterArn,
        secretArn: config.secretArn,
        database: config.database,
      });
    }
  }
};
