import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ChatBox } from "../components/chat-box";
import { type components, unwrap, useClient, useSession } from "../lib/api";
import { formatMoney, formatTime } from "../lib/format";
import "./catalog-chat.css";
import "./form.css";

type Answer = components["schemas"]["CatalogChatAnswer"];
type Product = components["schemas"]["CatalogProduct"];
type Template = components["schemas"]["CatalogTemplate"];
type Delta = NonNullable<components["schemas"]["CatalogDelta"]>;
type State = components["schemas"]["CatalogSessionState"];

/** `/console/chat/catalog` and `/console/chat/catalog/{sessionId}`: the products as the template lays them out. */
export const CatalogChatPage = () => {
  const { sessionId } = useParams();
  const { t } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [last, setLast] = useState<Answer | undefined>();
  useEffect(() => {
    document.title = `${t("catalog.title")} — Larder`;
  }, [t]);

  const sessionKey = ["catalog-session", tenant, sessionId];
  const deltasKey = ["catalog-deltas", tenant, sessionId];
  const session = useQuery({
    queryKey: sessionKey,
    queryFn: () =>
      unwrap(client.GET("/chat/catalog/{sessionId}", { params: { path: { sessionId: sessionId ?? "" } } })),
    enabled: sessionId !== undefined,
  });
  const deltas = useQuery({
    queryKey: deltasKey,
    queryFn: async () => {
      const all: Delta[] = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(
          client.GET("/chat/catalog/{sessionId}/deltas", {
            params: {
              path: { sessionId: sessionId ?? "" },
              query: { limit: 100, ...(cursor ? { cursor } : {}) },
            },
          }),
        );
        all.push(...page.deltas.flatMap((delta) => (delta ? [delta] : [])));
        cursor = page.cursor;
      } while (cursor);
      return all;
    },
    enabled: sessionId !== undefined,
  });

  const settle = (answer: Answer) => {
    setLast(answer);
    queryClient.setQueryData(["catalog-session", tenant, answer.sessionId], {
      sessionId: answer.sessionId,
      state: answer.state,
    });
    void queryClient.invalidateQueries({ queryKey: ["catalog-deltas", tenant, answer.sessionId] });
    if (answer.sessionId !== sessionId) navigate(`/chat/catalog/${encodeURIComponent(answer.sessionId)}`);
  };
  const send = useMutation({
    mutationFn: (query: string) =>
      unwrap(client.POST("/chat/catalog", { body: { query, ...(sessionId ? { sessionId } : {}) } })),
    onSuccess: settle,
  });
  const rollback = useMutation({
    mutationFn: (toStep: number) =>
      unwrap(
        client.POST("/chat/catalog/{sessionId}/tools/{tool}", {
          params: { path: { sessionId: sessionId ?? "", tool: "rollback" } },
          body: { to_step: toStep },
        }),
      ),
    onSuccess: settle,
  });

  const state: State | undefined = last?.sessionId === sessionId ? last?.state : session.data?.state;
  const template: Template | undefined =
    (last?.sessionId === sessionId ? last?.template : undefined) ??
    deltas.data?.findLast((delta) => delta.template)?.template;
  const error = send.error ?? rollback.error ?? session.error;

  return (
    <section aria-labelledby="catalog-heading">
      <h1 id="catalog-heading">{t("catalog.title")}</h1>
      <p className="hint">{t("catalog.intro")}</p>
      <ChatBox
        label={t("catalog.ask")}
        placeholder={t("catalog.example")}
        pending={send.isPending}
        onSend={(query) => send.mutate(query)}
      />
      {error ? <p role="alert">{t("chat.failed", { message: error.message })}</p> : null}
      {last?.sessionId === sessionId && last ? (
        <p className="quiet" role="status">
          {t("catalog.toolResult", { result: last.tool_result })}
        </p>
      ) : null}
      {state ? <Products state={state} template={template} /> : sessionId ? <p>{t("app.loading")}</p> : null}
      {sessionId ? (
        <section aria-labelledby="deltas-heading" className="panel">
          <h2 id="deltas-heading">{t("catalog.steps")}</h2>
          {deltas.data && deltas.data.length === 0 ? <p>{t("catalog.noSteps")}</p> : null}
          <ol className="deltas" data-testid="deltas">
            {deltas.data?.map((delta) => (
              <li key={delta.step} data-step={delta.step} data-action={delta.action.type}>
                <DeltaView delta={delta} />
                {state && delta.step < state.step ? (
                  <button
                    type="button"
                    disabled={rollback.isPending}
                    onClick={() => rollback.mutate(delta.step)}
                  >
                    {t("catalog.rollbackTo", { step: delta.step })}
                  </button>
                ) : state && delta.step === state.step ? (
                  <span className="badge">{t("catalog.current")}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
};

const DeltaView = ({ delta }: { delta: Delta }) => {
  const { t, i18n } = useTranslation();
  return (
    <span>
      <strong>{t("catalog.step", { step: delta.step })}</strong> {t(`catalog.action_${delta.action.type}`)} ·{" "}
      <code>{delta.action.tool}</code> <code>{JSON.stringify(delta.action.params)}</code> →{" "}
      {t("catalog.count", { count: delta.result.count })}{" "}
      <span className="hint">({formatTime(delta.createdAt, i18n.language)})</span>
    </span>
  );
};

const fieldValue = (product: Product, field: string): unknown =>
  field in product ? (product as Record<string, unknown>)[field] : product.attributes?.[field];

const Value = ({ product, field }: { product: Product; field: string }) => {
  const { i18n } = useTranslation();
  const value = fieldValue(product, field);
  if (field === "price" && typeof value === "number")
    return <>{formatMoney(value / 100, i18n.language, product.currency)}</>;
  if (value === undefined || value === null) return <>—</>;
  return <>{typeof value === "object" ? JSON.stringify(value) : String(value)}</>;
};

/** The products as the template says: its layout, title and fields, the highlighted field marked. */
const Products = ({ state, template }: { state: State; template: Template | undefined }) => {
  const { t } = useTranslation();
  const products = state.current.data.products;
  const layout = template?.layout ?? state.current.meta.layout ?? "grid";
  const fields = (template?.fields ?? state.current.meta.fields).filter((field) => field !== "name");
  const title = template?.title ?? t("catalog.products");
  const cell = (product: Product, field: string) => (
    <span className={template?.highlight === field ? "highlight" : undefined}>
      <Value product={product} field={field} />
    </span>
  );
  return (
    <section aria-labelledby="products-heading" data-layout={layout}>
      <h2 id="products-heading">
        {title} <span className="hint">({t("catalog.count", { count: products.length })})</span>
      </h2>
      {products.length === 0 ? <p>{template?.empty_message || t("catalog.empty")}</p> : null}
      {products.length > 0 && layout === "table" ? (
        <div className="table-scroll">
          <table className="products">
            <thead>
              <tr>
                <th scope="col">{t("catalog.name")}</th>
                {fields.map((field) => (
                  <th scope="col" key={field}>
                    {field}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} data-product={product.id}>
                  <th scope="row">{product.name}</th>
                  {fields.map((field) => (
                    <td key={field}>{cell(product, field)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : products.length > 0 ? (
        <ul className={layout === "list" ? "product-list" : "cards"}>
          {(layout === "single" ? products.slice(0, 1) : products).map((product) => (
            <li key={product.id} className={layout === "list" ? undefined : "card"} data-product={product.id}>
              <p className="card-title">{product.name}</p>
              <dl>
                {fields.map((field) => (
                  <div key={field} className="pair">
                    <dt>{field}</dt>
                    <dd>{cell(product, field)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};
