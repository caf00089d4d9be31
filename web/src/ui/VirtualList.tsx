import { type Key, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  firstWindow,
  holdsView,
  nextWindow,
  visibleWindow,
  type WindowInput,
} from './virtual-window.js';

export interface VirtualListProps<T> {
  readonly items: readonly T[];
  /** Every row's height in CSS pixels; the rows are laid out at multiples of it. */
  readonly rowHeight: number;
  /** Rows kept rendered beyond each edge of the viewport. */
  readonly overscan?: number;
  readonly getKey: (item: T) => Key;
  readonly renderRow: (item: T, index: number) => ReactNode;
  /** Names the list for assistive technology. */
  readonly label: string;
  readonly className?: string;
}

/** Where the list `element` sits in the viewport now (reads layout). */
function placed(
  element: HTMLElement,
  list: Pick<WindowInput, 'count' | 'rowHeight' | 'overscan'>,
): WindowInput {
  return {
    ...list,
    scrollOffset: -element.getBoundingClientRect().top,
    viewportHeight: window.innerHeight,
  };
}

/**
 * A list with fixed-height rows that renders only the rows in (and near) the viewport. The page
 * scrolls, not the list: it follows the window's scroll and size, and measures where it sits
 * on every scroll, so headers or banners above it may change height freely. Each row is an
 * absolutely placed list item telling its position in the whole list (`aria-posinset`).
 */
export function VirtualList<T>({
  items,
  rowHeight,
  overscan = 6,
  getKey,
  renderRow,
  label,
  className,
}: VirtualListProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const count = items.length;
  // The first paint renders the rows in view, no more: the overscan is rendered after it, off
  // the way to the first quotes on a slow phone.
  const [range, setRange] = useState(() => firstWindow(rowHeight, window.innerHeight));

  // Before the paint: a guess that misses rows in view (a list opened scrolled) is replaced.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const input = placed(element, { count, rowHeight, overscan });
    setRange((current) => (holdsView(current, input) ? current : visibleWindow(input)));
  }, [count, rowHeight, overscan]);

  // After it, and on every scroll and resize: the rows in view and the overscan around them.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const input = placed(element, { count, rowHeight, overscan });
      setRange((current) => nextWindow(current, input));
    };
    measure();
    addEventListener('scroll', measure, { passive: true });
    addEventListener('resize', measure, { passive: true });
    return () => {
      removeEventListener('scroll', measure);
      removeEventListener('resize', measure);
    };
  }, [count, rowHeight, overscan]);

  const rows: ReactNode[] = [];
  for (let index = range.start; index < Math.min(range.end, count); index++) {
    const item = items[index] as T;
    rows.push(
      <li
        key={getKey(item)}
        className="virtual-row"
        style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
        aria-setsize={count}
        aria-posinset={index + 1}
      >
        {renderRow(item, index)}
      </li>,
    );
  }

  return (
    <ul
      ref={list}
      className={className ? `virtual-list ${className}` : 'virtual-list'}
      aria-label={label}
      style={{ height: count * rowHeight }}
    >
      {rows}
    </ul>
  );
}
