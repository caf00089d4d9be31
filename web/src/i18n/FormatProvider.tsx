import { createContext, type ReactNode, useContext } from 'react';
import { type Formatter, formatterOf } from './format.js';
import type { Language } from './languages.js';

/** English outside a provider; the app renders every screen inside one. */
const FormatContext = createContext<Formatter>(formatterOf('en'));

/**
 * Gives every screen the formatter of `language` (the app passes the chosen one). One
 * subscription for the whole app:
 * a quote row reads the formatter from context instead of watching the settings itself, and
 * a language change re-renders what shows numbers even under `memo`.
 */
export function FormatProvider({
  language,
  children,
}: {
  readonly language: Language;
  readonly children: ReactNode;
}) {
  return <FormatContext value={formatterOf(language)}>{children}</FormatContext>;
}

/**
 * Numbers and times in the chosen language (see format.ts). Screens keep the protocol's exact
 * texts and localise them here, at render; what the user types stays plain ASCII with a '.'.
 */
export function useFormat(): Formatter {
  return useContext(FormatContext);
}
