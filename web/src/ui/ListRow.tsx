import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Icon, type IconName } from './Icon.js';

interface RowContentProps {
  readonly icon?: IconName;
  readonly label: string;
  readonly value?: ReactNode;
  readonly chevron?: boolean;
}

function RowContent({ icon, label, value, chevron = true }: RowContentProps) {
  return (
    <>
      {icon && <Icon name={icon} className="row-icon" />}
      <span className="row-label">{label}</span>
      {value !== undefined && <span className="row-value">{value}</span>}
      {chevron && <Icon name="chevron" size={18} className="row-chevron" />}
    </>
  );
}

/** A row of a settings-style list that opens another screen. */
export function LinkRow({ to, ...content }: RowContentProps & { readonly to: string }) {
  return (
    <Link href={to} className="row">
      <RowContent {...content} />
    </Link>
  );
}

/** A row of a settings-style list that acts in place (log out, reset). */
export function ActionRow({
  onClick,
  danger,
  ...content
}: RowContentProps & { readonly onClick: () => void; readonly danger?: boolean }) {
  return (
    <button type="button" className={danger ? 'row row-danger' : 'row'} onClick={onClick}>
      <RowContent chevron={false} {...content} />
    </button>
  );
}

/** A row showing a value, with nothing to open. */
export function InfoRow(content: Omit<RowContentProps, 'chevron'>) {
  return (
    <div className="row row-static">
      <RowContent {...content} chevron={false} />
    </div>
  );
}
