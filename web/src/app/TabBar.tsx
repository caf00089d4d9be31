import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon, type IconName } from '../ui/Icon.js';

interface Tab {
  readonly path: string;
  readonly icon: IconName;
  readonly labelKey: string;
}

/**
 * SPEC §2 bottom tabs: quotes, trade, order, documentary (the copy-trade ranking, named "Copy
 * trading" as traders know it), personal center.
 */
const TABS: readonly Tab[] = [
  { path: '/', icon: 'quotes', labelKey: 'web.tabs.quotes' },
  { path: '/trade', icon: 'trade', labelKey: 'web.tabs.trade' },
  { path: '/order', icon: 'order', labelKey: 'web.tabs.order' },
  { path: '/rank', icon: 'rank', labelKey: 'web.tabs.documentary' },
  { path: '/user', icon: 'user', labelKey: 'web.tabs.personal_center' },
];

/** The bottom tab bar; the current tab is marked for assistive technology. */
export function TabBar({ path }: { readonly path: string }) {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('web.tabs.label')}>
      {TABS.map((tab) => {
        const current = tab.path === path;
        return (
          <Link
            key={tab.path}
            href={tab.path}
            className={current ? 'tabbar-item tabbar-item-current' : 'tabbar-item'}
            aria-current={current ? 'page' : undefined}
          >
            <Icon name={tab.icon} />
            <span>{t(tab.labelKey)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
