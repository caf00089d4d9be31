/** How a quote's change is coloured in the quote lists. */

/** The colour of a change: up, down, or neither. */
export type ChangeTone = 'up' | 'down' | 'flat';

/**
 * The tone of a change as displayed (`'+1.23%'`, `'-0.50%'`, `'0.00%'`, `'--'`). Read from the
 * text rather than the number, so a change that rounds to 0.00 % is never coloured.
 */
export function changeTone(changeText: string | undefined): ChangeTone {
  if (changeText?.startsWith('+')) return 'up';
  if (changeText?.startsWith('-') && /[1-9]/.test(changeText)) return 'down';
  return 'flat';
}
