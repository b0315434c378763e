import { isMessage } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { useTranslation } from 'react-i18next';

/**
 * A reason the server sent (a job's lastError, a video's failureReason), in `language`: rendered
 * from its Message (code and parameters, contract messages.ts), else the words as sent, else null.
 */
export function reasonText(message: unknown, text: unknown, language: string): string | null {
  if (isMessage(message)) return renderMessage(message, language);
  return typeof text === 'string' && text !== '' ? text : null;
}

/** `reasonText` in the interface language. */
export function useReasonText(): (message: unknown, text: unknown) => string | null {
  const { i18n } = useTranslation();
  return (message, text) => reasonText(message, text, i18n.language);
}

/** The reason in the interface language, or `fallback` when there is none. */
export function ServerReason({
  message,
  text,
  fallback = null,
}: {
  message: unknown;
  text: unknown;
  fallback?: string | null;
}) {
  const reason = useReasonText()(message, text);
  return <>{reason ?? fallback}</>;
}
