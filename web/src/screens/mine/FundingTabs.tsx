import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/Tabs.js';

/** SPEC §4 deposit and withdraw tab: 0 coin, 1 bank. */
export type FundingTab = 0 | 1;

/** The coin/bank tab bar of the deposit and withdraw screens. */
export function FundingTabs({
  value,
  onChange,
}: {
  readonly value: FundingTab;
  readonly onChange: (tab: FundingTab) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('web.funding.method')}
      items={[
        { value: 0 as FundingTab, label: t('web.funding.coin') },
        { value: 1 as FundingTab, label: t('web.funding.bank') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
