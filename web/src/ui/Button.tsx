import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'buy' | 'sell';
  /** Full width of its container. */
  readonly block?: boolean;
  /** A request is running: the button is disabled and says so to assistive technology. */
  readonly busy?: boolean;
}

/** The app's button: at least 44 px tall, with a visible focus ring. */
export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    />
  );
}
