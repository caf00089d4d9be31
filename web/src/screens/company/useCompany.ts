import type { Company } from '@pipstream/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/index.js';
import { rememberCompany, rememberedCompany } from '../../state/company-cookie.js';

export interface CompanyRead {
  /** The company to show: the fresh answer, else the one the company cookie remembers. */
  readonly company: Company | null;
  /** The last read failed (what `company` shows may be the remembered one). */
  readonly failed: boolean;
  /** Reads the company again. */
  readonly retry: () => void;
}

/**
 * The company information (`company/getCompany`, docs/product.md#calls), shown at once from the
 * company cookie when this browser has one, and remembered there afresh with each answer.
 */
export function useCompany(): CompanyRead {
  const [company, setCompany] = useState<Company | null>(rememberedCompany);
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setFailed(false);
    api.call('company', {}, { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        rememberCompany(answer);
        setCompany(answer);
      },
      () => {
        // Told by the API layer; a remembered company stays on show.
        if (!controller.signal.aborted) setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => running.current?.abort();
  }, [load]);

  return { company, failed, retry: load };
}
