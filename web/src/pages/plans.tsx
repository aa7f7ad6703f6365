import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { unwrap, useClient, useSession } from "../lib/api";
import { formatDate, formatTime } from "../lib/format";

/** `/console/plans`: the tenant's meal plans, newest first, paged with `nextCursor`. */
export const PlansPage = () => {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const plans = useInfiniteQuery({
    queryKey: ["plans", tenant],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET("/plans", {
          params: { query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
  useEffect(() => {
    document.title = `${t("plans.title")} — Larder`;
  }, [t]);

  if (plans.error) return <p role="alert">{t("app.error", { message: plans.error.message })}</p>;
  if (!plans.data) return <p>{t("app.loading")}</p>;
  const all = plans.data.pages.flatMap((page) => page.plans);
  return (
    <section aria-labelledby="plans-heading">
      <h1 id="plans-heading">{t("plans.title")}</h1>
      {all.length === 0 ? <p>{t("plans.empty")}</p> : null}
      <ul className="plain-list">
        {all.map((plan) => (
          <li key={plan.snapshot_id}>
            <Link to={`/plans/${encodeURIComponent(plan.snapshot_id)}`}>{plan.snapshot_id}</Link>{" "}
            <span className="hint">
              {plan.first_date && plan.last_date
                ? t("plans.range", {
                    from: formatDate(plan.first_date, i18n.language),
                    to: formatDate(plan.last_date, i18n.language),
                  })
                : ""}{" "}
              {t("plans.meals", { count: plan.meal_count ?? 0 })} ·{" "}
              {t("plans.created", { time: formatTime(plan.created_at, i18n.language) })}
            </span>
          </li>
        ))}
      </ul>
      {plans.hasNextPage ? (
        <button type="button" onClick={() => void plans.fetchNextPage()} disabled={plans.isFetchingNextPage}>
          {t("plans.more")}
        </button>
      ) : null}
    </section>
  );
};
