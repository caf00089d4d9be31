/**
 * The alert editor's fields read into a condition, or the reason they cannot be one. A level
 * the current quote already reaches is refused, as it would fire at once: the same rule the
 * worker fires by (arithmetic/alerts.ts).
 */
import {
  type AlertCondition,
  type AlertKind,
  type AlertQuote,
  alertConditionSchema,
  alertReached,
} from '@pipstream/protocol';

/** Why the fields are not an alert; each has its own text in the locales. */
export type AlertFormError = 'price' | 'percent' | 'reached' | 'moved' | 'no_quote';

/** A plain decimal as typed, with a point or a comma: `1.25`, `1,25`, `.5`. */
const DECIMAL_INPUT = /^(\d{1,15})?([.,]\d{1,12})?$/;

function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !DECIMAL_INPUT.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export function readAlertForm(
  kind: AlertKind,
  text: string,
  quote: AlertQuote | undefined,
): { condition: AlertCondition } | { error: AlertFormError } {
  const value = parseDecimal(text);
  const parsed = alertConditionSchema.safeParse(
    kind === 'move' ? { kind, percent: value } : { kind, price: value },
  );
  if (!parsed.success) return { error: kind === 'move' ? 'percent' : 'price' };
  if (quote === undefined) return { error: 'no_quote' };
  if (alertReached(parsed.data, quote)) return { error: kind === 'move' ? 'moved' : 'reached' };
  return { condition: parsed.data };
}

/** The value field's text for an alert being changed. */
export function alertInputOf(condition: AlertCondition): string {
  return String(condition.kind === 'move' ? condition.percent : condition.price);
}
