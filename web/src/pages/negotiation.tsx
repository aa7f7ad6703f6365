import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type Review, ReviewPanel } from "../components/review-panel";
import { type components, unwrap, useClient, useSession } from "../lib/api";
import { formatTime } from "../lib/format";
import { forget, markDecided } from "../lib/reviewed";

type Message = components["schemas"]["NegotiationMessage"];
type Opinion = NonNullable<Message["response"]>["expertOpinions"][number];

/** How often a negotiation with a message still running is asked again. */
export const NEGOTIATION_POLL_MS = 2_000;

/** `/console/negotiations/{negotiationId}`: the thread, the experts' opinions, the draft and its review. */
export const NegotiationPage = () => {
  const { negotiationId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const negotiation = useQuery({
    queryKey: ["negotiation", tenant, negotiationId],
    queryFn: () =>
      unwrap(
        client.GET("/negotiations/{negotiation_id}", { params: { path: { negotiation_id: negotiationId } } }),
      ),
    refetchInterval: (query) =>
      query.state.data?.thread.some(
        (entry) => entry.direction === "from_supplier" && entry.status === "running",
      )
        ? NEGOTIATION_POLL_MS
        : false,
  });
  const awaiting = negotiation.data?.thread.findLast(
    (entry) => entry.direction === "from_supplier" && entry.status === "awaiting_review",
  );
  const awaitingId = awaiting?.direction === "from_supplier" ? awaiting.messageId : undefined;
  const message = useQuery({
    queryKey: ["negotiation", tenant, negotiationId, "message", awaitingId],
    queryFn: () =>
      unwrap(
        client.GET("/negotiations/{negotiation_id}/messages/{message_id}", {
          params: { path: { negotiation_id: negotiationId, message_id: awaitingId ?? "" } },
        }),
      ),
    enabled: awaitingId !== undefined,
  });

  const company = negotiation.data
    ? (negotiation.data.supplier.company ?? negotiation.data.supplier.name)
    : "";
  useEffect(() => {
    document.title = `${t("negotiation.title", { company })} — Larder`;
  }, [company, t]);

  const afterReview = (hiddenKey: string) => {
    void queryClient.invalidateQueries({ queryKey: ["inbox", tenant] });
    void queryClient.invalidateQueries({ queryKey: ["negotiation", tenant, negotiationId] });
    navigate("/", { state: { reviewed: hiddenKey } });
  };
  const reviewMessage = useMutation({
    mutationFn: ({ messageId, review }: { messageId: string; review: Review }) =>
      unwrap(
        client.POST("/negotiations/{negotiation_id}/messages/{message_id}/review", {
          params: { path: { negotiation_id: negotiationId, message_id: messageId } },
          body: review,
        }),
      ),
    onMutate: ({ messageId }) => markDecided(`message:${messageId}`),
    onError: (_error, { messageId }) => forget(`message:${messageId}`),
    onSuccess: (_answer, { messageId }) => afterReview(`message:${messageId}`),
  });
  const reviewOutreach = useMutation({
    mutationFn: (review: Review) =>
      unwrap(
        client.POST("/negotiations/{negotiation_id}/outreach/review", {
          params: { path: { negotiation_id: negotiationId } },
          body: review,
        }),
      ),
    onMutate: () => markDecided(`outreach:${negotiationId}`),
    onError: () => forget(`outreach:${negotiationId}`),
    onSuccess: () => afterReview(`outreach:${negotiationId}`),
  });

  if (negotiation.error) return <p role="alert">{t("app.error", { message: negotiation.error.message })}</p>;
  const data = negotiation.data;
  if (!data) return <p>{t("app.loading")}</p>;
  const outreach = data.outreach;
  const opinions = message.data?.response?.expertOpinions ?? message.data?.progress.expertOpinions ?? [];

  return (
    <article aria-labelledby="negotiation-heading">
      <p>
        <Link to="/">{t("app.back")}</Link>
      </p>
      <h1 id="negotiation-heading" tabIndex={-1}>
        {t("negotiation.title", { company })}
      </h1>
      <p>
        {t("negotiation.order", {
          sku: data.orderContext.skuName,
          supplierSku: data.orderContext.supplierSku,
          quantity: data.orderContext.quantityRequested,
        })}
      </p>

      {outreach?.status === "awaiting_review" ? (
        <ReviewPanel
          heading={t("negotiation.outreach")}
          draft={outreach.draft}
          blocked={outreach.leakCheck.blocked}
          pending={reviewOutreach.isPending}
          error={reviewOutreach.error?.message}
          onReview={(review) => reviewOutreach.mutate(review)}
        />
      ) : null}

      {awaitingId && message.data ? (
        <>
          {message.data.response ? (
            <section aria-labelledby="reasoning-heading">
              <h2 id="reasoning-heading">{t("negotiation.reasoning")}</h2>
              <p>
                {t("negotiation.action", { action: message.data.response.action })}:{" "}
                {message.data.response.reasoning}
              </p>
            </section>
          ) : null}
          <details className="opinions">
            <summary>{t("negotiation.opinions", { count: opinions.length })}</summary>
            <ul>
              {opinions.map((opinion, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the opinions of one message, in the order given
                <li key={index}>
                  <OpinionView opinion={opinion} />
                </li>
              ))}
            </ul>
          </details>
          <ReviewPanel
            key={awaitingId}
            heading={t("negotiation.review")}
            draft={message.data.draft}
            blocked={message.data.draftBlocked}
            pending={reviewMessage.isPending}
            error={reviewMessage.error?.message}
            onReview={(review) => reviewMessage.mutate({ messageId: awaitingId, review })}
          />
        </>
      ) : outreach?.status !== "awaiting_review" ? (
        <p>{t("negotiation.nothingToReview")}</p>
      ) : null}

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading">{t("negotiation.thread")}</h2>
        <ol className="thread">
          {data.thread.map((entry) => (
            <li key={`${entry.direction}-${entry.at}`} className={entry.direction}>
              <p className="meta">
                <strong>
                  {entry.direction === "from_supplier"
                    ? t("negotiation.fromSupplier")
                    : t("negotiation.toSupplier")}
                </strong>{" "}
                · <time dateTime={entry.at}>{formatTime(entry.at, i18n.language)}</time>
                {entry.direction === "from_supplier" ? (
                  <>
                    {" "}
                    · {t("negotiation.statusLabel", { status: t(`negotiation.status_${entry.status}`) })}
                    {entry.action
                      ? ` · ${t("negotiation.action", { action: t(`negotiation.action_${entry.action}`) })}`
                      : ""}
                  </>
                ) : null}
              </p>
              <pre className="body">{entry.text}</pre>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
};

const OpinionView = ({ opinion }: { opinion: Opinion }) => {
  const summary =
    opinion.expert === "extraction"
      ? opinion.analysis.notes || opinion.analysis.error || ""
      : opinion.expert === "escalation"
        ? (opinion.analysis?.reasoning ?? "")
        : (opinion.analysis?.reasoning ?? "");
  return (
    <>
      <strong>{opinion.expert}</strong>
      {opinion.failure ? ` (${opinion.failure.code}: ${opinion.failure.message})` : ""}
      {summary ? `: ${summary}` : ""}
    </>
  );
};
