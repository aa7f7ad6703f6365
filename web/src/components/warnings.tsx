import { useTranslation } from "react-i18next";
import "./warnings.css";

/** A meal's warnings, folded by default with their count on the summary (a native <details>: Tab, Enter). */
export const Warnings = ({ warnings }: { warnings: readonly string[] }) => {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <details className="warnings">
      <summary>{t("plan.warnings", { count: warnings.length })}</summary>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </details>
  );
};
