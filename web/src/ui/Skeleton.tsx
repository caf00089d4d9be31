import { useTranslation } from 'react-i18next';

export interface SkeletonListProps {
  /** How many placeholder rows (SPEC §9: the home list shows 10). */
  readonly rows: number;
  readonly className?: string;
}

/** Placeholder rows while a list loads, announced once as "loading". */
export function SkeletonList({ rows, className }: SkeletonListProps) {
  const { t } = useTranslation();
  return (
    <div
      className={className ? `skeleton-list ${className}` : 'skeleton-list'}
      role="status"
      aria-busy="true"
      aria-label={t('web.common.loading')}
    >
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
        <div className="skeleton-row" key={index} aria-hidden="true">
          <span className="skeleton-block skeleton-avatar" />
          <span className="skeleton-lines">
            <span className="skeleton-block skeleton-line" />
            <span className="skeleton-block skeleton-line skeleton-line-short" />
          </span>
          <span className="skeleton-block skeleton-value" />
        </div>
      ))}
    </div>
  );
}

/** A block placeholder of a given height (a chart, a form); announced as `label` if given. */
export function SkeletonBlock({
  height,
  label,
}: {
  readonly height: number;
  readonly label?: string;
}) {
  const block = (
    <div className="skeleton-block skeleton-panel" style={{ height }} aria-hidden="true" />
  );
  if (!label) return block;
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {block}
    </div>
  );
}
