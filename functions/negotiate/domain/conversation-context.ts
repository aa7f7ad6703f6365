/** One email of the thread, as far as the experts need it. */
export interface ThreadEmail {
  from: "supplier" | "merchant";
  text: string;
}

/**
 * The thread before the current supplier email, as one text: the supplier's emails and the replies a
 * person approved (never an unapproved draft: the supplier did not receive it). Undefined when empty.
 */
export const formatConversationHistory = (emails: readonly ThreadEmail[]): string | undefined => {
  if (emails.length === 0) return undefined;
  return emails
    .map(
      (email, index) =>
        `[${index + 1}] ${email.from === "supplier" ? "Supplier" : "Us (sent)"}:\n${email.text}`,
    )
    .join("\n\n");
};
