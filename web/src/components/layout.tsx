import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { useSession } from "../lib/api";
import { chooseLanguage, LANGUAGES, type Language } from "../lib/i18n";

/** Every page's frame: a skip link, the navigation, which tenant this is (and a switch), the language. */
export const Layout = () => {
  const { t, i18n } = useTranslation();
  const { tenant, setTenant, signOut } = useSession();
  const [draftTenant, setDraftTenant] = useState(tenant);
  const switchTenant = (event: FormEvent) => {
    event.preventDefault();
    const next = draftTenant.trim();
    if (next && next !== tenant) setTenant(next);
  };
  return (
    <>
      <a className="skip" href="#main">
        {t("app.skip")}
      </a>
      <header className="top">
        <p className="brand">{t("app.name")}</p>
        <nav aria-label={t("app.nav")}>
          <NavLink to="/" end>
            {t("app.inbox")}
          </NavLink>{" "}
          <NavLink to="/plans">{t("plans.nav")}</NavLink>{" "}
          <NavLink to="/chat/campaigns">{t("campaigns.nav")}</NavLink>{" "}
          <NavLink to="/chat/catalog">{t("catalog.nav")}</NavLink>{" "}
          <NavLink to="/shop/account">{t("account.nav")}</NavLink>
        </nav>
        {signOut ? null : (
          <form className="tenant" onSubmit={switchTenant}>
            <label htmlFor="tenant">{t("app.tenant")}</label>
            <input
              id="tenant"
              name="tenant"
              value={draftTenant}
              onChange={(event) => setDraftTenant(event.target.value)}
              aria-describedby="tenant-hint"
              autoComplete="off"
              spellCheck={false}
            />
            <button type="submit">{t("app.tenantSwitch")}</button>
            <span id="tenant-hint" className="hint">
              {t("app.tenantHint")}
            </span>
          </form>
        )}
        <p className="current-tenant" data-testid="current-tenant">
          {t("app.tenant")}: <strong>{tenant}</strong>
        </p>
        {signOut ? (
          <button type="button" onClick={signOut}>
            {t("app.signOut")}
          </button>
        ) : null}
        <div className="language">
          <label htmlFor="language">{t("app.language")}</label>
          <select
            id="language"
            value={i18n.language}
            onChange={(event) => void chooseLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
};
