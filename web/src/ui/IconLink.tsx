import { Link } from 'wouter';
import { Icon, type IconName } from './Icon.js';

/** A 44 × 44 link showing only an icon, named by `label`. */
export function IconLink({
  to,
  icon,
  label,
}: {
  readonly to: string;
  readonly icon: IconName;
  readonly label: string;
}) {
  return (
    <Link href={to} className="icon-btn" aria-label={label} title={label}>
      <Icon name={icon} />
    </Link>
  );
}
