import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import "./chat-box.css";

/**
 * A chat's message box: Enter sends, Shift+Enter starts a new line, the Send button does the same.
 * Emptied once the message is handed over.
 */
export const ChatBox = ({
  label,
  pending,
  onSend,
  placeholder,
}: {
  label: string;
  pending: boolean;
  onSend(message: string): void;
  placeholder?: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const send = () => {
    const message = text.trim();
    if (!message || pending) return;
    onSend(message);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  return (
    <form className="chat-box" onSubmit={onSubmit}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        value={text}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className="hint">
        {t("chat.keys")}
      </span>
      <button type="submit" disabled={pending || !text.trim()}>
        {pending ? t("chat.sending") : t("chat.send")}
      </button>
    </form>
  );
};
