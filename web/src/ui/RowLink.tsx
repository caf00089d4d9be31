import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../nav/location.js';

export interface RowLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The in-app path the link opens, as the router writes it (`/trade?id=1`). */
  readonly to: string;
}

/**
 * A link for the rows of a long list: the anchor and the navigation of wouter's `Link`, without
 * its hooks. Each `Link` reads the router and subscribes to the location, so every row of a
 * list cost a subscription and re-rendered on every navigation; a row only needs where it goes.
 */
export function RowLink({ to, onClick, ...anchor }: RowLinkProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified or middle click keeps the browser's own meaning (a new tab, a download).
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...anchor} href={to} onClick={open} />;
}
