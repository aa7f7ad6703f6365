import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Route, Routes } from "react-router";
import { Layout } from "./components/layout";
import { clientFor, type Session, SessionContext } from "./lib/api";
import type { ConsoleConfig } from "./lib/config";
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

/** The routes, each page at its own URL under /console/, with the session (tenant and typed client). */
export const App = ({ config }: { config: ConsoleConfig }) => {
  const queryClient = useQueryClient();
  const defaultTenant = config.auth.kind === "dev" ? config.auth.defaultTenant : "demo";
  const [tenant, setTenantState] = useState(() => storedTenant(defaultTenant));
  const session = useMemo<Session>(
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
