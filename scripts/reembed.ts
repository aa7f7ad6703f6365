/**
 * `npm run reembed`: gives every search document a vector from the configured embedding model
 * (`EMBEDDING_PROVIDER`, `EMBEDDING_MODEL`): run it after changing the model. Reaches the database named
 * by `DATABASE_URL` (or the Data API variables). Prints progress and the total; on failure one line with
 * the reason, exit 1.
 */
import { createEmbedding } from "../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../functions/core/embedding/embedding-config";
import { reembedDocuments } from "../functions/core/embedding/reembed-documents";
import { createSql } from "../functions/core/sql/create-sql";
import { readSqlConfig } from "../functions/core/sql/sql-config";

const main = async (): Promise<number> => {
  const sql = createSql(readSqlConfig(process.env));
  const embedding = createEmbedding(readEmbeddingConfig(process.env), { logger: null });
  try {
    process.stdout.write(
      `re-embedding with ${embedding.provider} ${embedding.model} (${embedding.dimensions} dimensions)\n`,
    );
    const report = await reembedDocuments(sql, embedding, {
      onBatch: (done) => process.stdout.write(`  ${done} documents\n`),
    });
    process.stdout.write(`done: ${report.documents} documents in ${report.batches} batches\n`);
    return 0;
  } finally {
    await sql.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`reembed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
