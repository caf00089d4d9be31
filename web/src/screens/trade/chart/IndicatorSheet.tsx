import {
  INDICATORS,
  type Indicator,
  type IndicatorSettings,
  MAX_AVERAGE_LINES,
  MAX_INDICATOR_PERIOD,
} from '@pipstream/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button.js';
import { ChipChoice } from '../../../ui/ChipChoice.js';
import { Field } from '../../../ui/Field.js';
import { Modal } from '../../../ui/Modal.js';
import { Switch } from '../../../ui/Switch.js';
import { CHART_TYPES, type ChartType, chartType } from './chart-type.js';
import { chartIndicators } from './indicator-store.js';

/** The text of each chart type. */
const CHART_TYPE_KEYS: Readonly<Record<ChartType, string>> = {
  candles: 'web.trade.chart_type.candles',
  line: 'web.trade.chart_type.line',
  area: 'web.trade.chart_type.area',
};

/** Each indicator's name in the sheet. */
const NAME_KEYS: Record<Indicator, string> = {
  ma: 'web.trade.indicators.names.ma',
  ema: 'web.trade.indicators.names.ema',
  boll: 'web.trade.indicators.names.boll',
  rsi: 'web.trade.indicators.names.rsi',
  macd: 'web.trade.indicators.names.macd',
  volume: 'web.trade.indicators.names.volume',
};

/** A whole number typed into a field, or `null`. */
function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  /** Tries the new value; false when the settings refuse it. */
  readonly onCommit: (value: number) => boolean;
  readonly error: string;
  /** Decimals allowed (Bollinger's width); whole numbers otherwise. */
  readonly decimal?: boolean;
}

/** A number the sheet keeps as typed until it checks out, then hands on at once. */
function NumberField({ label, value, onCommit, error, decimal = false }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  const change = (next: string) => {
    setText(next);
    const parsed = decimal ? Number(next.replace(',', '.')) : wholeNumber(next);
    const ok = next.trim() !== '' && parsed !== null && Number.isFinite(parsed) && onCommit(parsed);
    setInvalid(!ok);
  };
  return (
    <Field
      className="indicator-field"
      label={label}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => change(event.target.value)}
      error={invalid ? error : undefined}
    />
  );
}

/** The period fields of an MA or EMA: up to four lines; an empty field draws no line. */
function AveragePeriods({ name }: { readonly name: 'ma' | 'ema' }) {
  const { t } = useTranslation();
  const settings = useSnapshot(chartIndicators.state);
  const [texts, setTexts] = useState(() =>
    Array.from({ length: MAX_AVERAGE_LINES }, (_, i) => String(settings[name].periods[i] ?? '')),
  );
  const [invalid, setInvalid] = useState<boolean[]>(() => texts.map(() => false));
  const change = (at: number, text: string) => {
    const next = texts.map((old, i) => (i === at ? text : old));
    setTexts(next);
    const parsed = next.map((item) => (item.trim() === '' ? undefined : wholeNumber(item)));
    const periods = parsed.filter((period): period is number => typeof period === 'number');
    const bad = parsed.map(
      (period) =>
        period === null ||
        (period !== undefined && !(period >= 1 && period <= MAX_INDICATOR_PERIOD)),
    );
    const ok = !bad.some(Boolean) && chartIndicators.update(name, { periods });
    setInvalid(ok ? bad : bad.map((wrong, i) => wrong || i === at));
  };
  return (
    <div className="indicator-fields">
      {texts.map((text, i) => (
        <Field
          // The four fields stay in place; their order is the lines' colour order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of four inputs.
          key={i}
          className="indicator-field"
          label={t('web.trade.indicators.period_n', { n: i + 1 })}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => change(i, event.target.value)}
          error={
            invalid[i]
              ? t('web.trade.indicators.invalid_period', { max: MAX_INDICATOR_PERIOD })
              : undefined
          }
        />
      ))}
    </div>
  );
}

/** The fields of one indicator, shown while it is on. */
function IndicatorFields({ name }: { readonly name: Indicator }) {
  const { t } = useTranslation();
  const settings = useSnapshot(chartIndicators.state) as IndicatorSettings;
  const periodError = t('web.trade.indicators.invalid_period', { max: MAX_INDICATOR_PERIOD });
  switch (name) {
    case 'ma':
    case 'ema':
      return <AveragePeriods name={name} />;
    case 'boll':
      return (
        <div className="indicator-fields">
          <NumberField
            label={t('web.trade.indicators.period')}
            value={settings.boll.period}
            onCommit={(period) => chartIndicators.update('boll', { period })}
            error={periodError}
          />
          <NumberField
            label={t('web.trade.indicators.width')}
            value={settings.boll.width}
            onCommit={(width) => chartIndicators.update('boll', { width })}
            error={t('web.trade.indicators.invalid_width')}
            decimal
          />
        </div>
      );
    case 'rsi':
      return (
        <div className="indicator-fields">
          <NumberField
            label={t('web.trade.indicators.period')}
            value={settings.rsi.period}
            onCommit={(period) => chartIndicators.update('rsi', { period })}
            error={periodError}
          />
        </div>
      );
    case 'macd': {
      const macdError = t('web.trade.indicators.invalid_macd');
      return (
        <div className="indicator-fields">
          <NumberField
            label={t('web.trade.indicators.fast')}
            value={settings.macd.fast}
            onCommit={(fast) => chartIndicators.update('macd', { fast })}
            error={macdError}
          />
          <NumberField
            label={t('web.trade.indicators.slow')}
            value={settings.macd.slow}
            onCommit={(slow) => chartIndicators.update('macd', { slow })}
            error={macdError}
          />
          <NumberField
            label={t('web.trade.indicators.signal')}
            value={settings.macd.signal}
            onCommit={(signal) => chartIndicators.update('macd', { signal })}
            error={periodError}
          />
        </div>
      );
    }
    default:
      return null;
  }
}

/**
 * The indicator sheet of the trade screen: the chart type, a switch per indicator and, while
 * it is on, its periods. Every change shows on the chart at once and is kept on this device.
 */
export function IndicatorSheet({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const settings = useSnapshot(chartIndicators.state);
  const { type } = useSnapshot(chartType.state);
  return (
    <Modal placement="bottom" labelledBy={titleId} describedBy={hintId} onClose={onClose}>
      <div className="indicator-sheet">
        <h2 id={titleId} className="indicator-title">
          {t('web.trade.indicators.title')}
        </h2>
        <p id={hintId} className="form-note">
          {t('web.trade.indicators.hint')}
        </p>
        <div className="chart-type-choice">
          <ChipChoice
            label={t('web.trade.chart_type.label')}
            choices={CHART_TYPES.map((value) => ({ value, label: t(CHART_TYPE_KEYS[value]) }))}
            value={type}
            onChange={chartType.choose}
          />
        </div>
        <ul className="indicator-list">
          {INDICATORS.map((name) => (
            <li key={name} className="indicator-item">
              <Switch
                label={t(NAME_KEYS[name])}
                checked={settings[name].on}
                onChange={(on) => chartIndicators.update(name, { on })}
              />
              {settings[name].on && <IndicatorFields name={name} />}
            </li>
          ))}
        </ul>
        <Button block onClick={onClose}>
          {t('web.trade.indicators.done')}
        </Button>
      </div>
    </Modal>
  );
}
