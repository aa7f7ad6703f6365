import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError, type components, unwrap, useClient, useSession } from "../lib/api";
import { formatDate, formatMoney, formatTime } from "../lib/format";
import { markDecided } from "../lib/reviewed";

type Run = components["schemas"]["ShopRun"];
type Substitution = NonNullable<Run["result"]>["substitutions"][number];
type Pruned = NonNullable<Run["result"]>["pruned"][number];
type DecisionBody = components["schemas"]["ShopRunDecisionsRequest"]["decisions"][number];
type DecisionResult = components["schemas"]["ShopRunDecisionsResult"]["results"][number];
type StoredDecision = NonNullable<Run["decisions"]>[number];

/** How often a running run is asked again. */
export const RUN_POLL_MS = 1_000;

/** What one decision did, from the API's answer (this tab's) or the run's record (any tab's). */
type Outcome =
  | { from: "answer"; result: DecisionResult }
  | { from: "record"; record: StoredDecision }
  | { from: "error"; error: Error };

const substitutionKey = (productId: string) => `sub:${productId}`;
const pruneKey = (productId: string) => `prune:${productId}`;

/** `/console/shop/runs/{runId}`: progress while it runs, then its decisions. */
export const ShopRunPage = () => {
  const { runId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, Outcome>>({});

  const run = useQuery({
    queryKey: ["run", tenant, runId],
    queryFn: () => unwrap(client.GET("/shop/runs/{runId}", { params: { path: { runId } } })),
    refetchInterval: (query) => (query.state.data?.status === "running" ? RUN_POLL_MS : false),
  });
  const startedAt = run.data?.startedAt;
  useEffect(() => {
    const title = startedAt ? t("run.title", { time: formatTime(startedAt, i18n.language) }) : runId;
    document.title = `${title} — Larder`;
  }, [runId, startedAt, t, i18n.language]);

  const decide = useMutation({
    mutationFn: ({ decision }: { key: string; decision: DecisionBody }) =>
      unwrap(
        client.POST("/shop/runs/{runId}/decisions", {
          params: { path: { runId } },
          body: { decisions: [decision] },
        }),
      ),
    onSuccess: (answer, { key }) => {
      const result = answer.results[0];
      if (result) setAnswers((all) => ({ ...all, [key]: { from: "answer", result } }));
      focusAfter(key);
    },
    onError: (error, { key }) => {
      setAnswers((all) => ({ ...all, [key]: { from: "error", error } }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["run", tenant, runId] });
      void queryClient.invalidateQueries({ queryKey: ["inbox", tenant] });
    },
  });

  const data = run.data;
  const result = data?.result;
  const records = new Map<string, StoredDecision>();
  for (const record of data?.decisions ?? []) {
    records.set(
      record.kind === "substitution" ? substitutionKey(record.productId) : pruneKey(record.productId),
      record,
    );
  }
  const outcomeOf = (key: string): Outcome | undefined => {
    const answer = answers[key];
    if (answer) return answer;
    const record = records.get(key);
    return record ? { from: "record", record } : undefined;
  };
  const order = [
    ...(result?.substitutions ?? [])
      .filter((s) => s.candidates.length > 0)
      .map((s) => substitutionKey(s.originalItem.productId)),
    ...(result?.pruned ?? []).map((p) => pruneKey(p.productId)),
  ];
  const isOpen = (key: string) => {
    return !isSettled(outcomeOf(key));
  };
  /** After a decision, focus goes to the next item still open (or to the page's heading when none is). */
  const focusAfter = (key: string) => {
    const from = order.indexOf(key);
    const next = [...order.slice(from + 1), ...order.slice(0, from)].find(
      (candidate) => candidate !== key && isOpen(candidate),
    );
    if (!next) markDecided(`run:${runId}`);
    requestAnimationFrame(() => document.getElementById(next ? `item-${next}` : "run-heading")?.focus());
  };

  if (run.error) return <p role="alert">{t("app.error", { message: run.error.message })}</p>;
  if (!data) return <p>{t("app.loading")}</p>;

  return (
    <article aria-labelledby="run-heading">
      <p>
        <Link to="/">{t("app.back")}</Link>
      </p>
      <h1 id="run-heading" tabIndex={-1}>
        {t("run.title", { time: formatTime(data.startedAt, i18n.language) })}
      </h1>
      <p>
        {t("run.status", { status: t(`run.runStatus_${data.status}`) })} · <code>{runId}</code>
      </p>
      {data.status === "running" ? <Progress run={data} /> : null}
      {data.error ? (
        <p role="alert">{t("run.failedRun", { message: `${data.error.code}: ${data.error.message}` })}</p>
      ) : null}
      {result ? (
        <>
          {result.degraded ? <p className="badge warn">{t("run.degraded")}</p> : null}
          <section aria-labelledby="summary-heading">
            <h2 id="summary-heading">{t("run.summary")}</h2>
            {/* The console's own words from the counts; the API's summary (English, the seed's) is data. */}
            <p>
              {result.totalUnavailable === 0
                ? t("run.summaryAllAvailable")
                : t("run.summaryCounts", {
                    withSubstitutes: result.totalWithSubstitutes,
                    unavailable: result.totalUnavailable,
                  })}
              {result.failedItems.length > 0
                ? ` ${t("run.summaryFailed", { failed: result.failedItems.length })}`
                : ""}
            </p>
          </section>
          <section aria-labelledby="subs-heading">
            <h2 id="subs-heading">{t("run.substitutions")}</h2>
            {result.substitutions.length === 0 ? <p>{t("run.noSubstitutions")}</p> : null}
            {result.substitutions.map((substitution) => {
              const key = substitutionKey(substitution.originalItem.productId);
              return (
                <SubstitutionItem
                  key={key}
                  itemKey={key}
                  substitution={substitution}
                  outcome={outcomeOf(key)}
                  pending={decide.isPending && decide.variables?.key === key}
                  onDecide={(decision) => decide.mutate({ key, decision })}
                />
              );
            })}
          </section>
          <section aria-labelledby="prune-heading">
            <h2 id="prune-heading">{t("run.prune")}</h2>
            {result.pruned.length === 0 ? <p>{t("run.pruneNone")}</p> : null}
            <ul className="prune">
              {result.pruned.map((pruned) => {
                const key = pruneKey(pruned.productId);
                return (
                  <PruneItem
                    key={key}
                    itemKey={key}
                    pruned={pruned}
                    outcome={outcomeOf(key)}
                    pending={decide.isPending && decide.variables?.key === key}
                    onDecide={(action) =>
                      decide.mutate({ key, decision: { pruneProductId: pruned.productId, action } })
                    }
                  />
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="slot-heading">
            <h2 id="slot-heading">{t("run.slot")}</h2>
            {result.recommendedSlot?.recommended ? (
              <p>
                <strong>
                  {formatDate(result.recommendedSlot.recommended.date, i18n.language)}{" "}
                  {result.recommendedSlot.recommended.start}–{result.recommendedSlot.recommended.end}
                </strong>{" "}
                ·{" "}
                {result.recommendedSlot.recommended.isFree
                  ? t("run.free")
                  : formatMoney(result.recommendedSlot.recommended.priceCents / 100, i18n.language)}{" "}
                · {result.recommendedSlot.reason}
              </p>
            ) : (
              <p>{result.recommendedSlot?.reason ?? t("run.slotNone")}</p>
            )}
            <p className="hint">{t("run.slotNever")}</p>
          </section>
        </>
      ) : null}
    </article>
  );
};

const Progress = ({ run }: { run: Run }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="progress-heading">
      <h2 id="progress-heading">{t("run.progress")}</h2>
      <label htmlFor="run-progress">
        {t("run.itemsDone", { done: run.itemsDone, total: run.itemsTotal })}
      </label>
      <progress id="run-progress" max={Math.max(run.itemsTotal, 1)} value={run.itemsDone} />
      <h3>{t("run.steps")}</h3>
      <ol>
        {run.steps.map((step) => (
          <li key={`${step.name}-${step.startedAt}`}>
            {step.name}: {step.status}
          </li>
        ))}
      </ol>
    </section>
  );
};

/** Whether an item's decision is settled: applied or recorded. An error or a failed decision leaves it open. */
const isSettled = (outcome: Outcome | undefined): boolean => {
  if (outcome === undefined || outcome.from === "error") return false;
  const state = outcome.from === "answer" ? outcome.result.outcome : outcome.record.outcome;
  return state !== "failed";
};

/** What a decision did, from the API's answer; a changed product by its name where the item shows it. */
const OutcomeView = ({
  outcome,
  names,
}: {
  outcome: Outcome | undefined;
  names: ReadonlyMap<string, string>;
}) => {
  const { t, i18n } = useTranslation();
  if (!outcome) return <p role="status" className="outcome" />;
  if (outcome.from === "error") {
    const error = outcome.error;
    const already =
      error instanceof ApiError &&
      (error.code === "decision_already_made" || error.code === "decision_in_progress");
    return (
      <p role="status" className="outcome failed">
        {already
          ? t("run.alreadyDecidedElsewhere", { message: error.message })
          : t("run.decisionFailed", { message: error.message })}
      </p>
    );
  }
  const {
    outcome: state,
    code,
    message,
    fix,
    undone,
    already,
    changes,
  } = outcome.from === "answer"
    ? {
        outcome: outcome.result.outcome,
        code: outcome.result.code,
        message: outcome.result.error,
        fix: outcome.result.fix,
        undone: outcome.result.undone,
        already: outcome.result.alreadyDecidedAt,
        changes: outcome.result.changes,
      }
    : {
        outcome: outcome.record.outcome,
        code: outcome.record.errorCode,
        message: outcome.record.error,
        fix: outcome.record.fix,
        undone: outcome.record.undone,
        already: undefined,
        changes: [],
      };
  // "Undone" only where the store was changed and put back: a store failure. Other codes changed nothing.
  const showUndone =
    state === "failed" && undone !== undefined && (code === undefined || code === "store_failed");
  return (
    <div role="status" className={`outcome ${state}`} data-outcome={state}>
      <p>
        <strong>{t(`run.outcome_${state}`, { code: code ?? "" })}</strong>
        {showUndone ? ` ${undone ? t("run.undone") : t("run.notUndone")}` : ""}
      </p>
      {state === "failed" && message ? <p>{message}</p> : null}
      {state === "failed" && fix ? <p>{fix}</p> : null}
      {state === "failed" ? <p className="hint">{t("run.decideAgain")}</p> : null}
      {already ? <p>{t("run.alreadyDecided", { time: formatTime(already, i18n.language) })}</p> : null}
      {changes.length > 0 ? (
        <ul aria-label={t("run.changes")}>
          {changes.map((change) => (
            <li key={`${change.change}-${change.productId}`}>
              {change.change === "added"
                ? t("run.added", {
                    product: names.get(change.productId) ?? change.productId,
                    quantity: change.quantity ?? 1,
                  })
                : t("run.removed", { product: names.get(change.productId) ?? change.productId })}
              {change.reason ? ` (${change.reason})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

const SubstitutionItem = ({
  itemKey,
  substitution,
  outcome,
  pending,
  onDecide,
}: {
  itemKey: string;
  substitution: Substitution;
  outcome: Outcome | undefined;
  pending: boolean;
  onDecide(decision: DecisionBody): void;
}) => {
  const { t, i18n } = useTranslation();
  const original = substitution.originalItem;
  // A failed decision leaves the item open (the API still counts it): another decision may be sent.
  const decided = isSettled(outcome);
  const headingId = `item-${itemKey}`;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <section className="substitution" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        {original.name}
      </h3>
      {substitution.candidates.length === 0 ? (
        <p>{t("run.noSubstitutes", { reason: substitution.reason })}</p>
      ) : (
        <>
          <div className="cards">
            <section className="card original" aria-label={`${t("run.original")}: ${original.name}`}>
              <p className="card-title">{t("run.original")}</p>
              <dl>
                <dt>{t("run.name")}</dt>
                <dd>{original.name}</dd>
                <dt>{t("run.pack")}</dt>
                <dd>{original.size ?? "—"}</dd>
                <dt>{t("run.price")}</dt>
                <dd>
                  {money(original.price)} × {original.quantity}
                </dd>
                <dt>{t("run.pricePerUnit")}</dt>
                <dd>{original.pricePerUnit ?? "—"}</dd>
              </dl>
            </section>
            {substitution.candidates.map((candidate) => {
              // What differs, as the shop's guard found it (runs stored before it was kept have none; their
              // reason, shown as stored, says it).
              const differences = candidate.differences ?? [];
              return (
                <section
                  key={candidate.productId}
                  className={`card candidate ${candidate.recommendation}`}
                  aria-label={`${t("run.candidate", { rank: candidate.rank })}: ${candidate.name}`}
                >
                  <p className="card-title">{t("run.candidate", { rank: candidate.rank })}</p>
                  {differences.length > 0 ? (
                    <div className="differs">
                      <strong>{t("run.differs")}:</strong>
                      <ul>
                        {differences.map((difference) => (
                          <li
                            key={`${difference.attribute}:${difference.original}`}
                            data-attribute={difference.attribute}
                          >
                            {difference.original} → {difference.substitute}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  <dl>
                    <dt>{t("run.name")}</dt>
                    <dd>{candidate.name}</dd>
                    <dt>{t("run.pack")}</dt>
                    <dd>{candidate.size ?? "—"}</dd>
                    <dt>{t("run.price")}</dt>
                    <dd>{money(candidate.price)}</dd>
                    <dt>{t("run.pricePerUnit")}</dt>
                    <dd>{candidate.pricePerUnit ?? "—"}</dd>
                    <dt>{t("run.brandTier")}</dt>
                    <dd>
                      {t(`run.tier_${candidate.brandPreference}`)}
                      {candidate.brand ? ` (${candidate.brand})` : ""}
                    </dd>
                    <dt>{t("run.recommendation")}</dt>
                    <dd>{t(`run.rec_${candidate.recommendation}`)}</dd>
                    <dt>{t("run.reason")}</dt>
                    <dd>{candidate.reason}</dd>
                  </dl>
                  <button
                    type="button"
                    disabled={decided || pending}
                    aria-label={t("run.acceptName", { name: candidate.name })}
                    onClick={() =>
                      onDecide({
                        originalProductId: original.productId,
                        action: "accept",
                        productId: candidate.productId,
                      })
                    }
                  >
                    {t("run.accept")}
                  </button>
                </section>
              );
            })}
          </div>
          <button
            type="button"
            className="reject"
            disabled={decided || pending}
            aria-label={t("run.rejectName", { name: original.name })}
            onClick={() => onDecide({ originalProductId: original.productId, action: "reject" })}
          >
            {t("run.reject")}
          </button>
        </>
      )}
      <OutcomeView
        outcome={outcome}
        names={
          new Map([
            [original.productId, original.name],
            ...substitution.candidates.map((candidate): [string, string] => [
              candidate.productId,
              candidate.name,
            ]),
          ])
        }
      />
    </section>
  );
};

const PruneItem = ({
  itemKey,
  pruned,
  outcome,
  pending,
  onDecide,
}: {
  itemKey: string;
  pruned: Pruned;
  outcome: Outcome | undefined;
  pending: boolean;
  onDecide(action: "keep" | "remove"): void;
}) => {
  const { t } = useTranslation();
  // A failed decision leaves the item open (the API still counts it): another decision may be sent.
  const decided = isSettled(outcome);
  return (
    <li className="prune-item">
      <h3 id={`item-${itemKey}`} tabIndex={-1}>
        {pruned.name}
      </h3>
      <p>{pruned.reason}</p>
      <div className="actions">
        <button
          type="button"
          disabled={decided || pending}
          aria-label={t("run.keepName", { name: pruned.name })}
          onClick={() => onDecide("keep")}
        >
          {t("run.keep")}
        </button>
        <button
          type="button"
          disabled={decided || pending}
          aria-label={t("run.removeName", { name: pruned.name })}
          onClick={() => onDecide("remove")}
        >
          {t("run.remove")}
        </button>
      </div>
      <OutcomeView outcome={outcome} names={new Map([[pruned.productId, pruned.name]])} />
    </li>
  );
};
