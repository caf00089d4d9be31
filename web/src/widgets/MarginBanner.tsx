import { formatPercent } from '@pipstream/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/FormatProvider.js';
import { useRisk } from '../live/hooks.js';
import { IconButton } from '../ui/IconButton.js';

/** A short double buzz: felt in a pocket, unlike a toast (this project's choice). */
export const MARGIN_VIBRATION: readonly number[] = [200, 100, 200];

/**
 * The margin warning on every screen: when the worker's risk rate crosses a warning level
 * downwards, a banner says so (and the phone vibrates where it can), once per crossing. It
 * names the level crossed, the rate at that moment and the upstream's stop-out level when it
 * is known. Dismissed, it stays away until the next crossing; it goes by itself once the rate
 * is clear of every level.
 */
export function MarginBanner() {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const risk = useRisk();
  const [dismissedAt, setDismissedAt] = useState(0);
  const felt = useRef(0);

  useEffect(() => {
    if (risk.crossings <= felt.current) return;
    felt.current = risk.crossings;
    // Not every browser has it (iOS Safari does not); where it is refused nothing is lost.
    if (typeof navigator.vibrate === 'function') navigator.vibrate([...MARGIN_VIBRATION]);
  }, [risk.crossings]);

  if (risk.band === 0 || risk.crossings === 0 || risk.crossings <= dismissedAt) return null;
  const level = decimal(formatPercent(risk.level, 0));
  const rate = decimal(risk.riskRateText);
  return (
    <div className="margin-banner" role="alert" data-band={risk.band} data-testid="margin-banner">
      <p className="margin-banner-text">
        {risk.band >= 2
          ? t('web.margin_alert.margin_call', { rate, level })
          : t('web.margin_alert.warning', { rate, level })}
        {risk.stopOutLevel !== null && (
          <>
            {' '}
            {t('web.margin_alert.stop_out', {
              level: decimal(formatPercent(risk.stopOutLevel, 0)),
            })}
          </>
        )}
      </p>
      <IconButton
        icon="close"
        label={t('web.margin_alert.dismiss')}
        onClick={() => setDismissedAt(risk.crossings)}
      />
    </div>
  );
}
