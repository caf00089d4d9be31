import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';

export interface CaptchaImage {
  readonly id: string;
  readonly b64s: string;
}

/**
 * The picture code of `verify_reg_type` 2: the image from the captcha call, a tap for a new
 * one. `onChange` receives the captcha's id (sent as `key`).
 */
export function Captcha({ onChange }: { readonly onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<CaptchaImage>();

  const refresh = useCallback(async () => {
    try {
      const next = await api.call('captcha');
      setImage(next);
      onChange(next.id);
    } catch {
      setImage(undefined);
      onChange(undefined);
    }
  }, [onChange]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <button
      type="button"
      className="captcha-btn"
      onClick={refresh}
      aria-label={t('web.register.captcha_refresh')}
      title={t('web.register.captcha_refresh')}
    >
      {image ? <img src={image.b64s} alt="" /> : <span>{t('web.register.captcha_reload')}</span>}
    </button>
  );
}
