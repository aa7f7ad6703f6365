import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { diffLines } from "../lib/diff";

export type Review = { decision: "approve" | "reject" | "escalate"; text?: string };

/**
 * A draft's review: Approve, Edit (a text area, and the difference from the draft shown before it is
 * sent), Reject with a reason, Escalate. The same for a reply and for the first email to a supplier.
 */
export const ReviewPanel = ({
  heading,
  draft,
  blocked,
  pending,
  error,
  onReview,
}: {
  heading: string;
  draft: { subject: string; body: string } | null;
  blocked: boolean;
  pending: boolean;
  error: string | undefined;
  onReview(review: Review): void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<"idle" | "editing" | "rejecting">("idle");
  const [edited, setEdited] = useState(draft?.body ?? "");
  const [reason, setReason] = useState("");
  const [reasonMissing, setReasonMissing] = useState(false);
  // The text area the person asked for takes the focus (Edit, Reject).
  const editArea = useRef<HTMLTextAreaElement>(null);
  const reasonArea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (mode === "editing") editArea.current?.focus();
    if (mode === "rejecting") reasonArea.current?.focus();
  }, [mode]);
  const changes = diffLines(draft?.body ?? "", edited);
  const changed = changes.some((line) => line.kind !== "same");
  return (
    <section className="review" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {draft ? (
        <div className="draft">
          <h3>{t("negotiation.draft")}</h3>
          <p>{t("negotiation.subject", { subject: draft.subject })}</p>
          <pre className="body">{draft.body}</pre>
        </div>
      ) : (
        <p>{t("negotiation.noDraft")}</p>
      )}
      {blocked ? <p className="badge warn">{t("negotiation.blocked")}</p> : null}
      {mode === "idle" ? (
        <div className="actions">
          <button
            type="button"
            disabled={pending || blocked || !draft}
            onClick={() => onReview({ decision: "approve" })}
          >
            {t("negotiation.approve")}
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() => {
              setEdited(draft?.body ?? "");
              setMode("editing");
            }}
          >
            {t("negotiation.edit")}
          </button>
          <button type="button" disabled={pending} onClick={() => setMode("rejecting")}>
            {t("negotiation.reject")}
          </button>
          <button type="button" disabled={pending} onClick={() => onReview({ decision: "escalate" })}>
            {t("negotiation.escalate")}
          </button>
        </div>
      ) : null}
      {mode === "editing" ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (edited.trim()) onReview({ decision: "approve", text: edited });
          }}
        >
          <label htmlFor={`${id}-edit`}>{t("negotiation.editLabel")}</label>
          <textarea
            id={`${id}-edit`}
            rows={10}
            value={edited}
            onChange={(event) => setEdited(event.target.value)}
            ref={editArea}
          />
          <h3 id={`${id}-diff`}>{t("negotiation.diff")}</h3>
          {changed ? (
            <ol className="diff" aria-labelledby={`${id}-diff`}>
              {changes.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one diff, in order, never reordered
                <li key={index} className={line.kind}>
                  {line.kind === "added" ? (
                    <ins>{line.text || " "}</ins>
                  ) : line.kind === "removed" ? (
                    <del>{line.text || " "}</del>
                  ) : (
                    line.text || " "
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p>{t("negotiation.diffNone")}</p>
          )}
          <div className="actions">
            <button type="submit" disabled={pending || !edited.trim()}>
              {t("negotiation.sendEdited")}
            </button>
            <button type="button" onClick={() => setMode("idle")}>
              {t("negotiation.cancel")}
            </button>
          </div>
        </form>
      ) : null}
      {mode === "rejecting" ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setReasonMissing(true);
              return;
            }
            onReview({ decision: "reject", text: reason.trim() });
          }}
        >
          <label htmlFor={`${id}-reason`}>{t("negotiation.rejectReason")}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonMissing}
            aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
            ref={reasonArea}
          />
          {reasonMissing ? (
            <p id={`${id}-reason-error`} role="alert">
              {t("negotiation.reasonRequired")}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" disabled={pending}>
              {t("negotiation.confirmReject")}
            </button>
            <button type="button" onClick={() => setMode("idle")}>
              {t("negotiation.cancel")}
            </button>
          </div>
        </form>
      ) : null}
      {error ? <p role="alert">{t("negotiation.reviewFailed", { message: error })}</p> : null}
    </section>
  );
};
