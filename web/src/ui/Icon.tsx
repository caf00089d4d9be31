import { ICON_PATHS as PATHS } from './icon-paths.js';

export type IconName = keyof typeof PATHS;

/** Icons that point along the reading direction: mirrored in Arabic and Persian. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set<IconName>(['back', 'chevron', 'logout']);

export interface IconProps {
  readonly name: IconName;
  readonly size?: number;
  readonly className?: string;
}

/**
 * A decorative icon: hidden from assistive technology (its control carries the label). A
 * directional one (back, chevron, log out) turns round in a right-to-left language.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  const base = DIRECTIONAL.has(name) ? 'icon flip-rtl' : 'icon';
  return (
    <svg
      className={className ? `${base} ${className}` : base}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
