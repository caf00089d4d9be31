import { createContext, type ReactNode, useContext } from 'react';
import { useSnapshot } from 'valtio';
import { settings } from '../state/settings.js';
import { type Formatter, formatterOf } from './format.js';

const FormatContext = createContext<Formatter>(formatterOf(settings.language));

/**
 * Gives every screen the formatter of the chosen language. One subscription for the whole app:
 * a quote row reads the formatter from context instead of watching the settings itself, and
 * a language change re-renders what shows numbers even under `memo`.
 */
export function FormatProvider({ children }: { readonly children: ReactNode }) {
  const { language } = useSnapshot(settings);
  return <FormatContext value={formatterOf(language)}>{children}</FormatContext>;
}

/**
 * Numbers and times in the chosen language (see format.ts). Screens keep the protocol's exact
 * texts and localise them here, at render; what the user types stays plain ASCII with a '.'.
 */
export function useFormat(): Formatter {
  return useContext(FormatContext);
}
