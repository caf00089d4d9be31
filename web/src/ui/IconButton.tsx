import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon.js';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly icon: IconName;
  /** The accessible name: an icon alone says nothing to a screen reader. */
  readonly label: string;
}

/** A 44 × 44 button showing only an icon, named by `label`. */
export function IconButton({ icon, label, className, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      title={label}
    >
      <Icon name={icon} />
    </button>
  );
}
