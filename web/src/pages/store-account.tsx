import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type components, unwrap, useClient, useSession } from "../lib/api";
import { issueAt, unwrapEmpty, unwrapForm } from "../lib/field-issues";
import { formatTime } from "../lib/format";
import "./form.css";
import "./store-account.css";

type Account = components["schemas"]["StoreAccount"];
type Preferences = components["schemas"]["ShopPreferences"];
type Weekday = NonNullable<Preferences["weeklyRun"]>["weekday"];

const WEEKDAYS: readonly Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** `/console/shop/account`: the household's store account and its shopping preferences. */
export const StoreAccountPage = () => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t("account.title")} — Larder`;
  }, [t]);
  return (
    <>
      <h1>{t("account.title")}</h1>
      <AccountSection />
      <PreferencesSection />
    </>
  );
};

const AccountSection = () => {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const key = ["store-account", tenant];
  const account = useQuery({ queryKey: key, queryFn: () => unwrap(client.GET("/shop/store-account")) });
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [replacing, setReplacing] = useState(false);
  const connect = useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      unwrapForm(client.PUT("/shop/store-account", { body: credentials })),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setReplacing(false);
      setEmail("");
    },
    // The password leaves the page's state as soon as it is sent, whatever the answer.
    onSettled: () => setPassword(""),
  });
  const remove = useMutation({
    mutationFn: () => unwrapEmpty(client.DELETE("/shop/store-account")),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ email: email.trim(), password });
  };

  const data = account.data;
  const showForm = data !== undefined && (!data.connected || replacing);
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading">{t("account.store")}</h2>
      {account.error ? <p role="alert">{t("app.error", { message: account.error.message })}</p> : null}
      {data ? <AccountStatus account={data} language={i18n.language} /> : <p>{t("app.loading")}</p>}
      {data?.connected && !replacing ? (
        <div className="actions">
          <button type="button" onClick={() => setReplacing(true)}>
            {t("account.replace")}
          </button>
          <button
            type="button"
            className="reject"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            {t("account.remove")}
          </button>
        </div>
      ) : null}
      {remove.error ? (
        <p role="alert">{t("account.removeFailed", { message: remove.error.message })}</p>
      ) : null}
      {showForm ? (
        <form className="form" onSubmit={submit} noValidate>
          <Field id="store-email" label={t("account.email")} error={issueAt(connect.error, "email")}>
            <input
              id="store-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field
            id="store-password"
            label={t("account.password")}
            hint={t("account.passwordHint")}
            error={issueAt(connect.error, "password")}
          >
            <input
              id="store-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <div className="actions">
            <button type="submit" disabled={connect.isPending}>
              {data?.connected ? t("account.saveReplacement") : t("account.connect")}
            </button>
            {replacing ? (
              <button type="button" onClick={() => setReplacing(false)}>
                {t("account.cancel")}
              </button>
            ) : null}
          </div>
          {connect.error ? (
            <p role="alert">{t("account.connectFailed", { message: connect.error.message })}</p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
};

const AccountStatus = ({ account, language }: { account: Account; language: string }) => {
  const { t } = useTranslation();
  if (!account.connected) return <p data-testid="account-status">{t("account.notConnected")}</p>;
  return (
    <div data-testid="account-status" data-status={account.status}>
      <p>{t("account.connectedAs", { email: account.email ?? "" })}</p>
      <p className={`status status-${account.status}`}>
        <strong>{t(`account.status_${account.status}`)}</strong>
        {account.at ? ` (${formatTime(account.at, language)})` : ""}
      </p>
      {account.why ? (
        <p>
          {account.status === "needs_person" ? t("account.seen") : t("account.why")}{" "}
          <q className="store-words">{account.why}</q>
        </p>
      ) : null}
    </div>
  );
};

const Field = ({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) => (
  <div className={error ? "field invalid" : "field"}>
    <label htmlFor={id}>{label}</label>
    {children}
    {hint ? (
      <span id={`${id}-hint`} className="hint">
        {hint}
      </span>
    ) : null}
    {error ? (
      <span id={`${id}-error`} className="field-error" data-testid={`${id}-error`}>
        {error}
      </span>
    ) : null}
  </div>
);

const list = (text: string): string[] =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const PreferencesSection = () => {
  const { t } = useTranslation();
  const client = useClient();
  const { tenant } = useSession();
  const queryClient = useQueryClient();
  const key = ["shop-preferences", tenant];
  const preferences = useQuery({ queryKey: key, queryFn: () => unwrap(client.GET("/shop/preferences")) });
  if (preferences.error) return <p role="alert">{t("app.error", { message: preferences.error.message })}</p>;
  if (!preferences.data) return <p>{t("app.loading")}</p>;
  return (
    <PreferencesForm
      stored={preferences.data}
      save={(next) => unwrapForm(client.PUT("/shop/preferences", { body: next }))}
      onSaved={(saved) => queryClient.setQueryData(key, saved)}
    />
  );
};

const PreferencesForm = ({
  stored,
  save,
  onSaved,
}: {
  stored: Preferences;
  save(next: Preferences): Promise<Preferences>;
  onSaved(saved: Preferences): void;
}) => {
  const { t } = useTranslation();
  const [pinned, setPinned] = useState((stored.pinnedBrands ?? []).join(", "));
  const [banned, setBanned] = useState((stored.bannedBrands ?? []).join(", "));
  const [cap, setCap] = useState(String(stored.priceCapPercent ?? 20));
  const [weekday, setWeekday] = useState<Weekday | "">(stored.weeklyRun?.weekday ?? "");
  const [hour, setHour] = useState(stored.weeklyRun ? String(stored.weeklyRun.hour) : "");
  const mutation = useMutation({ mutationFn: save, onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The whole document is replaced: what this form does not show is sent back as stored.
    const { weeklyRun: _previous, ...rest } = stored;
    mutation.mutate({
      ...rest,
      pinnedBrands: list(pinned),
      bannedBrands: list(banned),
      // Sent as typed: the API is the one that says what it accepts, at the field.
      priceCapPercent: cap.trim() === "" ? Number.NaN : Number(cap),
      ...(weekday ? { weeklyRun: { weekday, hour: hour.trim() === "" ? Number.NaN : Number(hour) } } : {}),
    });
  };
  const error = mutation.error;
  const described = (id: string, message: string | undefined, hint = false) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby":
      [hint ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
  });
  const capError = issueAt(error, "priceCapPercent");
  const hourError = issueAt(error, "weeklyRun.hour");
  const weekdayError = issueAt(error, "weeklyRun.weekday");
  const pinnedError = issueAt(error, "pinnedBrands");
  const bannedError = issueAt(error, "bannedBrands");
  return (
    <section aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">{t("account.preferences")}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field id="pref-pinned" label={t("account.pinned")} hint={t("account.listHint")} error={pinnedError}>
          <input
            id="pref-pinned"
            value={pinned}
            onChange={(event) => setPinned(event.target.value)}
            {...described("pref-pinned", pinnedError, true)}
          />
        </Field>
        <Field id="pref-banned" label={t("account.banned")} hint={t("account.listHint")} error={bannedError}>
          <input
            id="pref-banned"
            value={banned}
            onChange={(event) => setBanned(event.target.value)}
            {...described("pref-banned", bannedError, true)}
          />
        </Field>
        <Field id="pref-cap" label={t("account.priceCap")} hint={t("account.priceCapHint")} error={capError}>
          <input
            id="pref-cap"
            type="number"
            inputMode="numeric"
            value={cap}
            onChange={(event) => setCap(event.target.value)}
            {...described("pref-cap", capError, true)}
          />
        </Field>
        <fieldset>
          <legend>{t("account.weeklyRun")}</legend>
          <Field id="pref-weekday" label={t("account.weekday")} error={weekdayError}>
            <select
              id="pref-weekday"
              value={weekday}
              onChange={(event) => setWeekday(event.target.value as Weekday | "")}
              {...described("pref-weekday", weekdayError)}
            >
              <option value="">{t("account.noWeeklyRun")}</option>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`account.day_${day}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="pref-hour" label={t("account.hour")} hint={t("account.hourHint")} error={hourError}>
            <input
              id="pref-hour"
              type="number"
              inputMode="numeric"
              value={hour}
              disabled={!weekday}
              onChange={(event) => setHour(event.target.value)}
              {...described("pref-hour", hourError, true)}
            />
          </Field>
        </fieldset>
        <button type="submit" disabled={mutation.isPending}>
          {t("account.savePreferences")}
        </button>
        <p role="status">{mutation.isSuccess ? t("account.saved") : ""}</p>
        {error ? <p role="alert">{t("account.saveFailed", { message: error.message })}</p> : null}
      </form>
    </section>
  );
};
