import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { goBack } from '../app/location.js';
import { IconButton } from './IconButton.js';

export interface PageHeaderProps {
  readonly title: string;
  /** Shows a back button; where it goes when there is no in-app history. */
  readonly backTo?: string;
  /** Controls at the end of the bar (icons, links). */
  readonly actions?: ReactNode;
  /** Controls at the start of the bar, instead of the back button. */
  readonly start?: ReactNode;
}

/** The top bar of a screen: back (or a custom start), the screen's title, actions. */
export function PageHeader({ title, backTo, actions, start }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="page-header">
      <div className="page-header-side">
        {start ??
          (backTo !== undefined && (
            <IconButton icon="back" label={t('web.common.back')} onClick={() => goBack(backTo)} />
          ))}
      </div>
      <h1 className="page-title">{title}</h1>
      <div className="page-header-side page-header-end">{actions}</div>
    </header>
  );
}
