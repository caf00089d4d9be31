import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.js';

export interface EmptyStateProps {
  readonly text: string;
  readonly icon?: IconName;
  readonly children?: ReactNode;
}

/** What a list shows when it has nothing ("No data", "Coming soon"). */
export function EmptyState({ text, icon = 'order', children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={40} className="empty-icon" />
      <p>{text}</p>
      {children}
    </div>
  );
}
