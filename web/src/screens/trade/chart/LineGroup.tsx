import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/FormatProvider.js';
import type { LabelGroup } from './label-layout.js';

export interface LineGroupProps {
  readonly group: LabelGroup;
  readonly register: (element: HTMLElement | null) => void;
  readonly onToggle: () => void;
}

/**
 * One label standing for order lines too close together to label one by one: it says how many
 * it holds, and a tap opens it (the lines' own labels stack under it) or closes it again.
 */
export function LineGroup({ group, register, onToggle }: LineGroupProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const count = decimal(String(group.ids.length));
  return (
    <button
      ref={register}
      type="button"
      className="chart-line chart-line-group"
      data-testid="chart-line-group"
      aria-expanded={group.open}
      aria-label={t('web.trade.lines.group_name', { count })}
      onClick={onToggle}
    >
      <span className="chart-line-tag" aria-hidden="true">
        {t('web.trade.lines.group_tag')}
      </span>
      <span className="chart-line-figure" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
