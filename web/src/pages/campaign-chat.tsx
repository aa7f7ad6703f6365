import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChatBox } from "../components/chat-box";
import { type components, unwrap, useClient } from "../lib/api";
import { formatDate } from "../lib/format";
import "./campaign-chat.css";
import "./conversation.css";

type Answer = components["schemas"]["CampaignChatResponse"];
type Campaign = components["schemas"]["Campaign"];
type Turn = { message: string; answer?: Answer; error?: string };

const SNIPPET_CHARS = 160;

const snippet = (text: string) =>
  text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS).trimEnd()}…` : text;

/** `/console/chat/campaigns`: ask about campaigns; an answer with campaigns shows them as cards. */
export const CampaignChatPage = () => {
  const { t } = useTranslation();
  const client = useClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  useEffect(() => {
    document.title = `${t("campaigns.title")} — Larder`;
  }, [t]);
  const ask = useMutation({
    mutationFn: ({ message }: { message: string; turn: number }) =>
      unwrap(client.POST("/chat/campaigns", { body: { message } })),
    onMutate: ({ message }) => setTurns((all) => [...all, { message }]),
    onSuccess: (answer, { turn }) =>
      setTurns((all) => all.map((entry, index) => (index === turn ? { ...entry, answer } : entry))),
    onError: (error, { turn }) =>
      setTurns((all) =>
        all.map((entry, index) => (index === turn ? { ...entry, error: error.message } : entry)),
      ),
  });
  const send = (message: string) => ask.mutate({ message, turn: turns.length });

  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">{t("campaigns.title")}</h1>
      <p className="hint">{t("campaigns.intro")}</p>
      <ol className="conversation">
        {turns.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the turns of this visit, in order
          <li key={index}>
            <p className="said">{turn.message}</p>
            {turn.answer ? (
              <AnswerView answer={turn.answer} pending={ask.isPending} onSuggestion={send} />
            ) : turn.error ? (
              <p role="alert">{t("chat.failed", { message: turn.error })}</p>
            ) : (
              <p className="quiet" role="status">
                {t("chat.sending")}
              </p>
            )}
          </li>
        ))}
      </ol>
      <ChatBox
        label={t("campaigns.ask")}
        placeholder={t("campaigns.example")}
        pending={ask.isPending}
        onSend={send}
      />
    </section>
  );
};

const AnswerView = ({
  answer,
  pending,
  onSuggestion,
}: {
  answer: Answer;
  pending: boolean;
  onSuggestion(message: string): void;
}) => {
  const { t } = useTranslation();
  const filters = answer.detectedFilters ? JSON.stringify(answer.detectedFilters) : undefined;
  return (
    <div className="answer" aria-live="polite">
      <p>{answer.response}</p>
      {answer.aggregation ? (
        <ul aria-label={t("campaigns.byGroup", { group: answer.aggregation.group_by })}>
          {answer.aggregation.buckets.map((bucket) => (
            <li key={bucket.value}>
              {bucket.value}: {bucket.count}
            </li>
          ))}
        </ul>
      ) : null}
      {answer.campaigns.length > 0 ? (
        <>
          <h2 className="visually-hidden">
            {t("campaigns.found", { count: answer.total ?? answer.campaigns.length })}
          </h2>
          <ul className="cards campaign-cards">
            {answer.campaigns.map((campaign) => (
              <li key={campaign.id} className="card">
                <CampaignCard campaign={campaign} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {answer.suggestions && answer.suggestions.length > 0 ? (
        <fieldset className="actions suggestions">
          <legend>{t("campaigns.suggestions")}</legend>
          {answer.suggestions.map((suggestion) => (
            <button
              type="button"
              key={suggestion}
              className="suggestion"
              disabled={pending}
              onClick={() => onSuggestion(suggestion)}
            >
              {suggestion}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className="quiet">
        {t("campaigns.how", { provider: answer.provider, status: answer.status })}
        {answer.toolsUsed.length > 0 ? (
          <span className="tools-used">
            {" · "}
            {t("campaigns.toolsUsed", { count: answer.toolsUsed.length, tools: answer.toolsUsed.join(", ") })}
          </span>
        ) : null}
        {filters ? ` · ${t("campaigns.filters", { filters })}` : ""}
      </p>
    </div>
  );
};

const CampaignCard = ({ campaign }: { campaign: Campaign }) => {
  const { t, i18n } = useTranslation();
  return (
    <article aria-label={campaign.company}>
      <h3 className="card-title company">{campaign.company}</h3>
      <dl>
        {campaign.brand ? (
          <>
            <dt>{t("campaigns.brand")}</dt>
            <dd>{campaign.brand}</dd>
          </>
        ) : null}
        <dt>{t("campaigns.channel")}</dt>
        <dd>{campaign.channel}</dd>
        <dt>{t("campaigns.date")}</dt>
        <dd>
          <time dateTime={campaign.capture_date}>{formatDate(campaign.capture_date, i18n.language)}</time>
        </dd>
        {campaign.offer ? (
          <>
            <dt>{t("campaigns.offer")}</dt>
            <dd>{campaign.offer}</dd>
          </>
        ) : null}
        {campaign.key_value_props && campaign.key_value_props.length > 0 ? (
          <>
            <dt>{t("campaigns.valueProps")}</dt>
            <dd>{campaign.key_value_props.join(", ")}</dd>
          </>
        ) : null}
        {campaign.imagery_sentiment ? (
          <>
            <dt>{t("campaigns.sentiment")}</dt>
            <dd>{campaign.imagery_sentiment}</dd>
          </>
        ) : null}
      </dl>
      {campaign.campaign_text || campaign.full_campaign_text ? (
        <blockquote className="snippet">
          {snippet(campaign.campaign_text || campaign.full_campaign_text || "")}
        </blockquote>
      ) : null}
    </article>
  );
};
