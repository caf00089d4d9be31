import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEND_CODE_COOLDOWN_S, useCountdown } from './countdown.js';

export interface SendCodeButtonProps {
  /** Sends the code; resolves true when it went out (the countdown then starts). */
  readonly onSend: () => Promise<boolean>;
}

/** "Send code", then a 60 s countdown showing the seconds left (SPEC §4). */
export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) start(SEND_CODE_COOLDOWN_S);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="code-btn"
      disabled={sending || seconds > 0}
      aria-busy={sending || undefined}
      onClick={send}
    >
      {seconds > 0 ? t('web.auth.resend_in', { seconds }) : t('web.auth.send_code')}
    </button>
  );
}
