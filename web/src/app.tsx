import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { Layout } from "./components/layout";
import { clientFor, type Session, SessionContext } from "./lib/api";
import type { ConsoleConfig } from "./lib/config";
import type { TokenSource } from "./lib/sign-in";
import { CampaignChatPage } from "./pages/campaign-chat";
import { CatalogChatPage } from "./pages/catalog-chat";
import { InboxPage } from "./pages/inbox";
import { MealCookPage } from "./pages/meal-cook";
import { NegotiationPage } from "./pages/negotiation";
import { PlanPage } from "./pages/plan";
import { PlansPage } from "./pages/plans";
import { ShopRunPage } from "./pages/shop-run";
import { StoreAccountPage } from "./pages/store-account";

const TENANT_KEY = "larder.tenant";

const storedTenant = (fallback: string): string => {
  try {
    return localStorage.getItem(TENANT_KEY) || fallback;
  } catch {
    return fallback;
  }
};

/**
 * A person signed in with the hosted UI (deployed): their tenant, the tokens the API takes (refreshed as
 * they expire), and sign-out.
 */
export type SignedIn = { tenant: string; tokens: TokenSource; signOut: () => void };

/**
 * The routes, each page at its own URL under /console/, with the session (tenant and typed client):
 * locally a `dev:<tenant>` token the person may switch; deployed, the signed-in person's own tenant.
 */
export const App = ({ config, signedIn }: { config: ConsoleConfig; signedIn?: SignedIn }) => {
  const queryClient = useQueryClient();
  const defaultTenant = config.auth.kind === "dev" ? config.auth.defaultTenant : "demo";
  const [tenant, setTenantState] = useState(() => storedTenant(defaultTenant));
  const devSession = useMemo<Session>(
    () => ({
      tenant,
      client: clientFor(config.apiUrl, `dev:${tenant}`),
      setTenant: (next) => {
        try {
          localStorage.setItem(TENANT_KEY, next);
        } catch {
          // Kept for this visit only.
        }
        // Another tenant's answers must never show under this one's name.
        queryClient.clear();
        setTenantState(next);
      },
    }),
    [config.apiUrl, tenant, queryClient],
  );
  const signedInSession = useMemo<Session | undefined>(
    () =>
      signedIn && {
        tenant: signedIn.tenant,
        client: clientFor(config.apiUrl, signedIn.tokens),
        // A signed-in person has one tenant: their account's.
        setTenant: () => undefined,
        signOut: signedIn.signOut,
      },
    [config.apiUrl, signedIn],
  );
  const session = signedInSession ?? devSession;
  return (
    <SessionContext value={session}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<InboxPage />} />
          <Route path="shop/runs/:runId" element={<ShopRunPage />} />
          <Route path="negotiations/:negotiationId" element={<NegotiationPage />} />
          <Route path="plans" element={<PlansPage />} />
          <Route path="plans/:snapshotId" element={<PlanPage />} />
          <Route path="plans/:snapshotId/meals/:date/:mealType/cook" element={<MealCookPage />} />
          <Route path="chat/campaigns" element={<CampaignChatPage />} />
          <Route path="chat/catalog" element={<CatalogChatPage />} />
          <Route path="chat/catalog/:sessionId" element={<CatalogChatPage />} />
          <Route path="shop/account" element={<StoreAccountPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </SessionContext>
  );
};

const NotFound = () => {
  const { t } = useTranslation();
  return <p>{t("app.notFound")}</p>;
};
