import { anyOfParses, RANK_CANDIDATES, rankedMatchesSql } from "../../../core/sql/ranked-full-text";
import type { TenantSql } from "../../../core/sql/tenant-sql";
import type { ProductSearch } from "../domain/ports/catalog-port";
import type { CatalogRepository } from "../domain/ports/catalog-repository";
import type { Product } from "../domain/product";

interface ProductRow {
  id: string;
  name: string;
  category: string;
  brand: string;
  price: string | number;
  currency: string;
  rating: string | number;
  stock_quantity: number;
  attributes: Record<string, unknown> | string;
  [column: string]: unknown;
}

const COLUMNS =
  "id, name, category, brand, price::text AS price, currency, rating::float8 AS rating, stock_quantity, attributes";

const toProduct = (row: ProductRow): Product => {
  const attributes = typeof row.attributes === "string" ? JSON.parse(row.attributes) : row.attributes;
  const product: Product = {
    id: row.id,
    name: row.name,
    category: row.category,
    brand: row.brand,
    price: Number(row.price),
    currency: row.currency,
    rating: Number(row.rating),
    stock_quantity: Number(row.stock_quantity),
  };
  if (attributes && Object.keys(attributes).length > 0) product.attributes = attributes;
  return product;
};

/**
 * The tenant's catalog in PostgreSQL. A search parses the query with 'russian' (Cyrillic → Russian stems,
 * Latin → English stems) and 'simple' (words as written), OR-ed, against the generated tsvector over name,
 * brand and category names, so "ноутбуки" finds every product of the category named "ноутбук".
 */
export interface SqlCatalogOptions {
  /** Matches a search ranks of each kind (RANK_CANDIDATES); null ranks every match (benches, tests). */
  rankCandidates?: number | null;
}

export const createSqlCatalog = (sql: TenantSql, options: SqlCatalogOptions = {}): CatalogRepository => ({
  /**
   * Ranked by ts_rank_cd over a bounded candidate set (core/sql/ranked-full-text.ts): the strong matches
   * (the words in name or brand, weight A, or three times or more; GIN over search_strong_lexemes,
   * migration 0004) and the first other matches, at most RANK_CANDIDATES of each, instead of every match.
   */
  async search(search: ProductSearch, limit: number) {
    const filters = `($3::text IS NULL OR category = $3 OR lower(category_names) LIKE '%' || lower($3) || '%')
          AND ($4::text IS NULL OR lower(brand) = lower($4))
          AND ($5::bigint IS NULL OR price / 100 >= $5)
          AND ($6::bigint IS NULL OR price / 100 <= $6)`;
    const query = anyOfParses(["websearch_to_tsquery('russian', $2)", "websearch_to_tsquery('simple', $2)"]);
    const ranked = rankedMatchesSql({
      table: "catalog_products",
      tsquery: query,
      where: ["tenant = $1"],
      rowFilters: [filters],
      tieBreak: "id",
      bound: options.rankCandidates === null ? null : "$8",
      limit: "$7",
    });
    const { rows } = await sql.query<ProductRow>(
      `WITH ${ranked}
       SELECT ${COLUMNS} FROM ranked JOIN catalog_products USING (id)
        WHERE catalog_products.tenant = $1
        ORDER BY ranked.score DESC, id`,
      [
        search.query,
        search.category ?? null,
        search.brand ?? null,
        search.min_price === undefined ? null : Math.trunc(search.min_price),
        search.max_price === undefined ? null : Math.trunc(search.max_price),
        limit,
        // $8, the bound, only when there is one (an unused parameter has no type PostgreSQL can infer).
        ...(options.rankCandidates === null
          ? []
          : [Math.max(options.rankCandidates ?? RANK_CANDIDATES, limit)]),
      ],
    );
    return rows.map(toProduct);
  },

  async getByIds(ids) {
    if (ids.length === 0) return [];
    const { rows } = await sql.query<ProductRow>(
      `SELECT ${COLUMNS} FROM catalog_products
        WHERE tenant = $1 AND id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
      [JSON.stringify(ids)],
    );
    const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  async getById(id) {
    const { rows } = await sql.query<ProductRow>(
      `SELECT ${COLUMNS} FROM catalog_products WHERE tenant = $1 AND id = $2`,
      [id],
    );
    return rows[0] ? toProduct(rows[0]) : undefined;
  },

  /** Inserts or replaces by id (idempotent); each product takes its category's current names. */
  async upsert(products) {
    if (products.length === 0) return;
    await sql.query(
      `INSERT INTO catalog_products AS p
         (tenant, id, name, category, brand, price, currency, rating, stock_quantity, attributes, category_names)
       SELECT $1, r.id, r.name, r.category, r.brand, r.price, r.currency, r.rating, r.stock_quantity,
              coalesce(r.attributes, '{}'::jsonb),
              coalesce((SELECT string_agg(n, ' ') FROM catalog_categories c, jsonb_array_elements_text(c.names) n
                         WHERE c.tenant = $1 AND c.id = r.category), '')
         FROM jsonb_to_recordset($2::jsonb) AS r(id text, name text, category text, brand text, price bigint,
              currency text, rating numeric, stock_quantity integer, attributes jsonb)
       ON CONFLICT (tenant, id) DO UPDATE SET
         name = excluded.name, category = excluded.category, brand = excluded.brand, price = excluded.price,
         currency = excluded.currency, rating = excluded.rating, stock_quantity = excluded.stock_quantity,
         attributes = excluded.attributes, category_names = excluded.category_names, updated_at = now()
       WHERE p.tenant = $1`,
      [JSON.stringify(products)],
    );
  },

  /** Sets a category's names and gives them to its products, so their search text follows. */
  async putCategory(id, names) {
    await sql.query(
      `WITH c AS (
         INSERT INTO catalog_categories AS c (tenant, id, names) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (tenant, id) DO UPDATE SET names = excluded.names, updated_at = now() WHERE c.tenant = $1
         RETURNING id)
       UPDATE catalog_products SET category_names = (SELECT string_agg(n, ' ') FROM jsonb_array_elements_text($3::jsonb) n)
        WHERE tenant = $1 AND category = $2`,
      [id, JSON.stringify(names)],
    );
  },
});
