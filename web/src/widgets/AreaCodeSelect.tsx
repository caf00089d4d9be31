import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../state/settings.js';
import { loadAreaCodes } from '../state/site.js';

export interface AreaCodeSelectProps {
  /** The chosen area's id; `undefined` until the list arrives. */
  readonly value: number | undefined;
  readonly onChange: (areaId: number) => void;
}

/**
 * The dialling prefix of a phone number, from `area_list`: a native select, which phones show
 * as their own accessible picker. The first area is chosen once the list arrives.
 */
export function AreaCodeSelect({ value, onChange }: AreaCodeSelectProps) {
  const { t } = useTranslation();
  const { areaCodes } = useSnapshot(settings);

  useEffect(() => {
    loadAreaCodes().catch(() => undefined);
  }, []);

  const first = areaCodes?.[0];
  useEffect(() => {
    if (value === undefined && first) onChange(first.id);
  }, [value, first, onChange]);

  return (
    <select
      className="area-select"
      aria-label={t('web.auth.area_code')}
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={!areaCodes}
    >
      {(areaCodes ?? []).map((area) => (
        <option key={area.id} value={area.id}>
          {`+${area.global_code} ${area.code}`}
        </option>
      ))}
    </select>
  );
}
