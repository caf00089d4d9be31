import type { RankingItem } from '@pipstream/protocol';
import { memo, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';
import { useFormat } from '../../i18n/FormatProvider.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ListFooter } from '../../ui/ListFooter.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { useRetryWhenBack } from '../../widgets/back-online.js';
import { type Figure, leaderFigures, rankPhase } from './rank-view.js';

/** A signed figure in its up/down colour. */
function Toned({ figure }: { readonly figure: Figure }) {
  const { decimal } = useFormat();
  return <span className={`num ${figure.tone}`}>{decimal(figure.text)}</span>;
}

/** One term and value of a leader's figures. */
function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="rank-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One leader: place, name, multiplier and main product, then the three-week figures. */
const LeaderRow = memo(function LeaderRow({
  leader,
  place,
}: {
  readonly leader: RankingItem;
  readonly place: number;
}) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const figures = leaderFigures(leader);
  return (
    <li className="rank-row" data-testid={`rank-row-${place}`}>
      <div className="rank-row-head">
        <span className={place <= 3 ? 'rank-place rank-place-top' : 'rank-place'}>
          <span className="visually-hidden">{t('web.rank.position', { rank: place })}</span>
          <span aria-hidden="true">{place}</span>
        </span>
        <span className="rank-user" dir="auto">
          {leader.user}
        </span>
        <span className="rank-headline">
          <span className="rank-headline-label">{t('web.rank.three_week_rate')}</span>
          <Toned figure={figures.threeWeekRate} />
        </span>
      </div>
      <dl className="rank-facts">
        <Fact label={t('web.rank.three_week_win')}>
          <span className="num">{decimal(figures.threeWeekWin)}</span>
        </Fact>
        <Fact label={t('web.rank.three_week_profit')}>
          <Toned figure={figures.threeWeekProfit} />
        </Fact>
        <Fact label={t('web.rank.total_rate')}>
          <Toned figure={figures.totalRate} />
        </Fact>
        <Fact label={t('web.rank.total_trade_num')}>
          <span className="num">{decimal(String(leader.total_trade_num))}</span>
        </Fact>
        <Fact label={t('web.rank.followers')}>
          <span className="num">{decimal(String(leader.followers))}</span>
        </Fact>
        <Fact label={t('web.rank.multiple')}>
          <span className="num">
            {t('web.rank.multiple_value', { value: decimal(String(leader.multiple)) })}
          </span>
        </Fact>
        <Fact label={t('web.rank.main_product')}>{leader.code}</Fact>
        <Fact label={t('web.rank.variety')}>{leader.variety}</Fact>
      </dl>
    </li>
  );
});

/** Reads the ranking on mount and on `refresh`; a newer read cancels the one running. */
function useRanking() {
  const [leaders, setLeaders] = useState<readonly RankingItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController | null>(null);

  const load = useCallback(async (): Promise<void> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setFailed(false);
    try {
      const answer = await api.call('followList', undefined, { signal: controller.signal });
      if (!controller.signal.aborted) setLeaders(answer);
    } catch {
      // The API layer has told the user; what was shown stays, or "No data" shows.
      if (!controller.signal.aborted) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    return () => running.current?.abort();
  }, [load]);
  // A read that failed (no signal, say) is tried again once the connection is back.
  useRetryWhenBack(failed, load);

  return { leaders, failed, load };
}

/** The end of the list: the answer is the whole ranking, so its end is reached at once. */
const NOTHING_MORE = {
  loading: null,
  end: true,
  error: null,
  loadMore: () => undefined,
  retry: () => undefined,
} as const;

/**
 * `/rank` (the documentary tab): copy-trade leaders with their three-week figures. Copy trading
 * itself is marked as coming soon (docs/product.md#scope); an empty ranking says "Coming soon", a
 * ranking that could not be read "No data", and the list ends with "No more"
 * (docs/product.md#routes).
 */
export default function Rank() {
  const { t } = useTranslation();
  const { leaders, failed, load } = useRanking();
  const phase = rankPhase(leaders, failed);

  let body: ReactNode;
  switch (phase) {
    case 'loading':
      body = <SkeletonList rows={6} />;
      break;
    case 'soon':
      body = <EmptyState icon="rank" text={t('web.rank.coming_soon')} />;
      break;
    case 'no-data':
      body = (
        <EmptyState icon="rank" text={t('web.common.no_data')}>
          <Button variant="secondary" onClick={() => void load()}>
            {t('web.list.retry')}
          </Button>
        </EmptyState>
      );
      break;
    case 'list': {
      const items = leaders ?? [];
      body = (
        <div className="page-body rank-body">
          <p className="rank-intro">{t('web.rank.intro')}</p>
          <p className="rank-soon" role="note">
            <span className="rank-soon-badge">{t('web.rank.coming_soon')}</span>
            {t('web.rank.soon_note')}
          </p>
          <ol className="rank-list" aria-label={t('web.rank.list_label')}>
            {items.map((leader, index) => (
              <LeaderRow key={leader.user} leader={leader} place={index + 1} />
            ))}
          </ol>
          <ListFooter list={{ ...NOTHING_MORE, items }} />
        </div>
      );
      break;
    }
  }

  return (
    <>
      <PageHeader title={t('web.rank.title')} actions={<RefreshButton onRefresh={load} />} />
      <div className="rank-panel" aria-busy={phase === 'loading'}>
        <PullToRefresh disabled={phase === 'loading'} onRefresh={load}>
          {body}
        </PullToRefresh>
      </div>
    </>
  );
}
