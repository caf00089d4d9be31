import { type KeyboardEvent, useRef } from 'react';

export interface TabItem<V extends string | number> {
  readonly value: V;
  readonly label: string;
}

export interface TabsProps<V extends string | number> {
  readonly items: readonly TabItem<V>[];
  readonly value: V;
  readonly onChange: (value: V) => void;
  /** Names the tab list for assistive technology. */
  readonly label: string;
  readonly className?: string;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move and
 * select.
 */
export function Tabs<V extends string | number>({
  items,
  value,
  onChange,
  label,
  className,
}: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((item) => item.value === value);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      Home: -at,
      End: items.length - 1 - at,
    };
    const move = step[event.key];
    if (move === undefined || items.length === 0) return;
    event.preventDefault();
    const next = (at + move + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={className ? `tabs ${className}` : 'tabs'}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            className="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
