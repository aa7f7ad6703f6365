import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Warnings } from "../components/warnings";
import { type components, unwrap, useClient, useSession } from "../lib/api";
import { unwrapEmpty } from "../lib/field-issues";
import { formatDate } from "../lib/format";
import { isMealType, type MealType, planKey, usePlan } from "../lib/plan-queries";
import { scaleOf, variantRows } from "../lib/variant-rows";
import "./meal-cook.css";
import "./plan.css";

type CookView = components["schemas"]["CookView"];

/** `/console/plans/{snapshotId}/meals/{date}/{mealType}/cook`: what to cook, what the variant changed. */
export const MealCookPage = () => {
  const { snapshotId = "", date = "", mealType = "" } = useParams();
  const { t } = useTranslation();
  if (!isMealType(mealType)) return <p role="alert">{t("app.notFound")}</p>;
  return <MealCook snapshotId={snapshotId} date={date} mealType={mealType} />;
};

const MealCook = ({
  snapshotId,
  date,
  mealType,
}: {
  snapshotId: string;
  date: string;
  mealType: MealType;
}) => {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const path = { snapshot_id: snapshotId, date, meal_type: mealType };
  const cookKey = ["plan", tenant, snapshotId, "cook", date, mealType];

  const plan = usePlan(snapshotId);
  const cook = useQuery({
    queryKey: cookKey,
    queryFn: () =>
      unwrap(client.GET("/plans/{snapshot_id}/meals/{date}/{meal_type}/cook", { params: { path } })),
  });
  const meal = plan.data?.planned_meals.find((entry) => entry.date === date && entry.meal_type === mealType);
  const variant = meal?.variant;
  const base = useQuery({
    queryKey: ["recipe", tenant, variant?.base_recipe_id],
    queryFn: () =>
      unwrap(
        client.GET("/recipes/{recipe_id}", {
          params: { path: { recipe_id: variant?.base_recipe_id ?? "" } },
        }),
      ),
    enabled: variant !== undefined,
  });
  useEffect(() => {
    document.title = `${t("cook.title", { name: cook.data?.name ?? "" })} — Larder`;
  }, [cook.data?.name, t]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: planKey(tenant, snapshotId) });
  };
  const clear = useMutation({
    mutationFn: () =>
      unwrapEmpty(
        client.DELETE("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", { params: { path } }),
      ),
    onSuccess: refresh,
  });

  if (cook.error) return <p role="alert">{t("app.error", { message: cook.error.message })}</p>;
  if (!cook.data) return <p>{t("app.loading")}</p>;
  const view: CookView = cook.data;
  const rows =
    variant && base.data
      ? variantRows(base.data.ingredients_raw, variant.patch_ops, variant.compiled_recipe.ingredients_raw)
      : undefined;
  const scale = variant ? scaleOf(variant.patch_ops) : undefined;

  return (
    <article aria-labelledby="cook-heading">
      <p>
        <Link to={`/plans/${encodeURIComponent(snapshotId)}`}>{t("cook.back")}</Link>
      </p>
      <h1 id="cook-heading">
        {view.name} {view.modified ? <span className="badge modified">{t("plan.modified")}</span> : null}
      </h1>
      <p className="hint">
        {formatDate(date, i18n.language)} · {t(`plan.type_${mealType}`)}
        {view.servings !== undefined ? ` · ${t("cook.servings", { count: view.servings })}` : ""}
      </p>
      <Warnings warnings={view.warnings} />

      {view.modified && rows ? (
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading">{t("cook.changes")}</h2>
          {scale !== undefined ? <p>{t("cook.scaledBy", { factor: scale })}</p> : null}
          <table className="changes">
            <thead>
              <tr>
                <th scope="col">{t("cook.base")}</th>
                <th scope="col">{t("cook.variant")}</th>
                <th scope="col">{t("cook.change")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one recipe, in order
                <tr key={index} className={`change-${row.change}`} data-change={row.change}>
                  <td>
                    {row.change === "added" ? (
                      ""
                    ) : row.change === "removed" ? (
                      <del>{row.base}</del>
                    ) : (
                      row.base
                    )}
                  </td>
                  <td>
                    {row.change === "removed" ? (
                      ""
                    ) : row.change === "added" ? (
                      <ins>{row.variant}</ins>
                    ) : (
                      row.variant
                    )}
                  </td>
                  <td>
                    {row.change === "same" ? (
                      ""
                    ) : (
                      <span className="badge mark">{t(`cook.change_${row.change}`)}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {view.modified ? (
        <p>
          <button type="button" onClick={() => clear.mutate()} disabled={clear.isPending}>
            {t("cook.clear")}
          </button>
          {clear.error ? (
            <span role="alert"> {t("cook.clearFailed", { message: clear.error.message })}</span>
          ) : null}
        </p>
      ) : null}

      <InstructionBox snapshotId={snapshotId} date={date} mealType={mealType} onChanged={refresh} />

      {view.sections.length > 1 ? (
        view.sections.map((section) => (
          <section
            key={`${section.role}-${section.recipe.id}`}
            aria-label={`${t(`plan.${section.role}`)}: ${section.recipe.name}`}
          >
            <h2>
              {t(`plan.${section.role}`)}: {section.recipe.name}
            </h2>
            <Recipe ingredients={section.recipe.ingredients_raw} steps={section.recipe.steps} />
          </section>
        ))
      ) : (
        <Recipe ingredients={view.ingredients_raw} steps={view.steps} />
      )}
    </article>
  );
};

const Recipe = ({ ingredients, steps }: { ingredients: readonly string[]; steps: readonly string[] }) => {
  const { t } = useTranslation();
  return (
    <div className="recipe">
      <h3>{t("cook.ingredients")}</h3>
      <ul>
        {ingredients.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one recipe, in order
          <li key={index}>{line}</li>
        ))}
      </ul>
      <h3>{t("cook.steps")}</h3>
      <ol>
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one recipe, in order
          <li key={index}>{step}</li>
        ))}
      </ol>
    </div>
  );
};

/**
 * "Replace chicken breast with 400 g firm tofu": the API (the model, or offline its parser) turns it into
 * ops. A question back is shown with an answer box in place, filled with the instruction to make clearer.
 */
const InstructionBox = ({
  snapshotId,
  date,
  mealType,
  onChanged,
}: {
  snapshotId: string;
  date: string;
  mealType: MealType;
  onChanged(): void;
}) => {
  const { t } = useTranslation();
  const client = useClient();
  const id = useId();
  const [instruction, setInstruction] = useState("");
  const [question, setQuestion] = useState<string | undefined>();
  const make = useMutation({
    mutationFn: (text: string) =>
      unwrap(
        client.POST("/plans/{snapshot_id}/meals/{date}/{meal_type}/variant", {
          params: { path: { snapshot_id: snapshotId, date, meal_type: mealType } },
          body: { instruction: text },
        }),
      ),
    onSuccess: (answer) => {
      if (answer.needs_clarification) {
        setQuestion(answer.clarification_message);
        return;
      }
      setQuestion(undefined);
      setInstruction("");
      onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = instruction.trim();
    if (text) make.mutate(text);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="panel">
      <h2 id={`${id}-heading`}>{t("cook.instructionHeading")}</h2>
      <form onSubmit={submit}>
        {question ? (
          <p role="status" className="question">
            <strong>{t("cook.question")}</strong> {question}
          </p>
        ) : null}
        <label htmlFor={id}>{question ? t("cook.answer") : t("cook.instruction")}</label>
        <textarea
          id={id}
          rows={2}
          value={instruction}
          placeholder={t("cook.instructionExample")}
          onChange={(event) => setInstruction(event.target.value)}
        />
        <button type="submit" disabled={make.isPending || !instruction.trim()}>
          {question ? t("cook.sendAnswer") : t("cook.makeVariant")}
        </button>
        {make.error ? <p role="alert">{t("cook.variantFailed", { message: make.error.message })}</p> : null}
      </form>
    </section>
  );
};
