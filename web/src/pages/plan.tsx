import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ChatBox } from "../components/chat-box";
import { Warnings } from "../components/warnings";
import { type components, unwrap, useClient, useSession } from "../lib/api";
import { formatDate } from "../lib/format";
import { MEAL_TYPES, planKey, usePlan, useRecipeNames } from "../lib/plan-queries";
import "./conversation.css";
import "./plan.css";

type Meal = components["schemas"]["Snapshot"]["planned_meals"][number];
type KitchenAnswer = components["schemas"]["KitchenChatResponse"];

export const mealPath = (snapshotId: string, meal: Pick<Meal, "date" | "meal_type">) =>
  `/plans/${encodeURIComponent(snapshotId)}/meals/${meal.date}/${meal.meal_type}/cook`;

/** `/console/plans/{snapshotId}`: the week (days × meal types), the kitchen chat, the shopping list. */
export const PlanPage = () => {
  const { snapshotId = "" } = useParams();
  const { t, i18n } = useTranslation();
  const plan = usePlan(snapshotId);
  const names = useRecipeNames();
  useEffect(() => {
    document.title = `${t("plan.title", { id: snapshotId })} — Larder`;
  }, [snapshotId, t]);

  if (plan.error) return <p role="alert">{t("app.error", { message: plan.error.message })}</p>;
  if (!plan.data) return <p>{t("app.loading")}</p>;
  const meals = plan.data.planned_meals;
  const days = [...new Set(meals.map((meal) => meal.date))].sort();
  const types = MEAL_TYPES.filter((type) => meals.some((meal) => meal.meal_type === type));
  const nameOf = (recipeId: string) => names.data?.get(recipeId) ?? recipeId;

  return (
    <article aria-labelledby="plan-heading">
      <p>
        <Link to="/plans">{t("plans.back")}</Link>
      </p>
      <h1 id="plan-heading">{t("plan.title", { id: snapshotId })}</h1>
      <div className="table-scroll">
        <table className="week">
          <caption>{t("plan.week")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("plan.day")}</th>
              {types.map((type) => (
                <th scope="col" key={type}>
                  {t(`plan.type_${type}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day}>
                <th scope="row">
                  <time dateTime={day}>{formatDate(day, i18n.language)}</time>
                </th>
                {types.map((type) => {
                  const meal = meals.find((entry) => entry.date === day && entry.meal_type === type);
                  return (
                    <td key={type}>
                      {meal ? <MealCell snapshotId={snapshotId} meal={meal} nameOf={nameOf} /> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <KitchenChat snapshotId={snapshotId} />
      <ShoppingList snapshotId={snapshotId} />
    </article>
  );
};

const MealCell = ({
  snapshotId,
  meal,
  nameOf,
}: {
  snapshotId: string;
  meal: Meal;
  nameOf(recipeId: string): string;
}) => {
  const { t } = useTranslation();
  // A bundle's own recipe is its main dish; its components add mains and sides.
  const mains = [
    { role: "main" as const, recipe_id: meal.recipe_id },
    ...(meal.components?.filter((component) => component.role === "main") ?? []),
  ];
  const sides = meal.components?.filter((component) => component.role === "side") ?? [];
  return (
    <div className="meal" data-testid={`meal-${meal.date}-${meal.meal_type}`}>
      <Link to={mealPath(snapshotId, meal)}>
        {meal.variant?.compiled_recipe.name ?? nameOf(meal.recipe_id)}
      </Link>
      {meal.modified ? <span className="badge modified">{t("plan.modified")}</span> : null}
      {meal.components && meal.components.length > 0 ? (
        <div className="bundle">
          {mains.length > 0 ? (
            <section aria-label={t("plan.main")}>
              <h3>{t("plan.main")}</h3>
              <ul>
                {mains.map((component) => (
                  <li key={component.recipe_id}>{nameOf(component.recipe_id)}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {sides.length > 0 ? (
            <section aria-label={t("plan.side")}>
              <h3>{t("plan.side")}</h3>
              <ul>
                {sides.map((component) => (
                  <li key={component.recipe_id}>{nameOf(component.recipe_id)}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
      <Warnings warnings={meal.variant?.warnings ?? []} />
    </div>
  );
};

/** The kitchen chat: its answer replaces the plan in the cache, so the week shows the change at once. */
const KitchenChat = ({ snapshotId }: { snapshotId: string }) => {
  const { t } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<{ message: string; answer?: KitchenAnswer; error?: string }[]>([]);
  const send = useMutation({
    mutationFn: ({ message }: { message: string; turn: number }) =>
      unwrap(client.POST("/chat/kitchen", { body: { snapshot_id: snapshotId, message } })),
    onMutate: ({ message }) => setTurns((all) => [...all, { message }]),
    onSuccess: (answer, { turn }) => {
      queryClient.setQueryData(planKey(tenant, snapshotId), answer.snapshot);
      // The week shows the answer's snapshot at once; what is derived from it is read again.
      void queryClient.invalidateQueries({ queryKey: ["plan", tenant, snapshotId, "shopping-list"] });
      void queryClient.invalidateQueries({ queryKey: ["plan", tenant, snapshotId, "cook"] });
      setTurns((all) => all.map((entry, index) => (index === turn ? { ...entry, answer } : entry)));
    },
    onError: (error, { turn }) =>
      setTurns((all) =>
        all.map((entry, index) => (index === turn ? { ...entry, error: error.message } : entry)),
      ),
  });
  return (
    <section aria-labelledby="kitchen-heading" className="panel">
      <h2 id="kitchen-heading">{t("plan.kitchen")}</h2>
      <ol className="conversation" aria-live="polite">
        {turns.map((turn, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the turns of this visit, in order
          <li key={index}>
            <p className="said">{turn.message}</p>
            {turn.answer ? (
              <>
                <p className="answer">{turn.answer.response}</p>
                {turn.answer.tool_calls.length > 0 ? (
                  <p className="quiet">
                    {t("chat.tools", { tools: turn.answer.tool_calls.map((call) => call.name).join(", ") })}
                  </p>
                ) : null}
              </>
            ) : turn.error ? (
              <p role="alert">{t("chat.failed", { message: turn.error })}</p>
            ) : (
              <p className="quiet">{t("chat.sending")}</p>
            )}
          </li>
        ))}
      </ol>
      <ChatBox
        label={t("plan.kitchenLabel")}
        pending={send.isPending}
        onSend={(message) => send.mutate({ message, turn: turns.length })}
      />
    </section>
  );
};

/** The plan's shopping list, as the API merges it, and a button that starts a shop run from it. */
const ShoppingList = ({ snapshotId }: { snapshotId: string }) => {
  const { t } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ["plan", tenant, snapshotId, "shopping-list"],
    queryFn: () =>
      unwrap(
        client.GET("/plans/{snapshot_id}/shopping-list", { params: { path: { snapshot_id: snapshotId } } }),
      ),
  });
  const startRun = useMutation({
    mutationFn: () => unwrap(client.POST("/shop/runs", { body: { plan_snapshot_id: snapshotId } })),
    onSuccess: (created) => navigate(`/shop/runs/${encodeURIComponent(created.runId)}`),
  });
  return (
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">{t("plan.shoppingList")}</h2>
      {list.error ? <p role="alert">{t("app.error", { message: list.error.message })}</p> : null}
      {list.data ? (
        <>
          <ul className="shopping">
            {list.data.items.map((item) => (
              <li key={item.name}>
                <strong>{item.display}</strong>{" "}
                <span className="hint">
                  {t("plan.forMeals", {
                    meals: item.sources
                      .map((source) => `${source.date} ${t(`plan.type_${source.meal_type}`)}`)
                      .join(", "),
                  })}
                </span>
              </li>
            ))}
          </ul>
          {list.data.unparsed.length > 0 ? (
            <>
              <h3>{t("plan.unparsed")}</h3>
              <ul className="shopping">
                {list.data.unparsed.map((line) => (
                  <li key={`${line.source.date}-${line.source.meal_type}-${line.line}`}>
                    {line.line} <span className="hint">({line.reason})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : list.isPending ? (
        <p>{t("app.loading")}</p>
      ) : null}
      <button type="button" onClick={() => startRun.mutate()} disabled={startRun.isPending}>
        {t("plan.startRun")}
      </button>
      {startRun.error ? (
        <p role="alert">{t("plan.startRunFailed", { message: startRun.error.message })}</p>
      ) : null}
    </section>
  );
};
