import { z } from 'zod';
import { CODE } from '../../envelope.js';
import type { routes } from '../../routes/table.js';
import type { Manifest } from '../../schemas/content.js';
import type { AreaCode, BaseSettings } from '../../schemas/user.js';
import type { MockDeps } from '../deps.js';
import { type ControlAction, defineControl } from '../http/control.js';
import type { Handlers } from '../http/handler.js';
import { refuse } from '../refusal.js';
import { COMPANY, searchCompanies } from './companies.js';
import { createNewsArchive, newsDraftSchema } from './news.js';
import { generateRanking } from './ranking.js';
import {
  baseSettingsPatchSchema,
  companyStatusPatchSchema,
  createSiteSettings,
  showMobileValueSchema,
} from './settings.js';

export type SiteHandlers = Pick<
  Handlers<typeof routes>,
  | 'areaList'
  | 'basicInfo'
  | 'company'
  | 'companyStatus'
  | 'companySearch'
  | 'defaultSetting'
  | 'complaintEmail'
  | 'manifest'
  | 'newsList'
  | 'newsInfo'
  | 'followList'
>;

/** Where complaints go (this project's choice of address). */
export const COMPLAINT_EMAIL = 'complaints@pipstream.example';

/** Colours of the installed app's splash screen and title bar (this project's choice). */
const APP_BACKGROUND = '#0b0e14';

/** The web app manifest, named after the site title so a "DEMO" site installs as such. */
function manifestFor({ title }: BaseSettings): Manifest {
  return {
    name: title,
    short_name: title,
    description: 'Quotes, charts and leveraged trading of forex and CFDs, with a wallet.',
    id: './',
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    background_color: APP_BACKGROUND,
    theme_color: APP_BACKGROUND,
    icons: [
      { src: '/icons/192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The site's settings and content: area codes, base settings, company and startup check,
 * company directory, public settings, complaint address, manifest, news and the copy-trade
 * ranking. Settings and published news live in the `settings` table, so control changes
 * survive a restart; the seeded news and the ranking are made once per service (the ranking
 * from `deps.rng`, so a seed replays it).
 *
 * @param areaCodes The phone area codes `area_list` answers.
 */
export function createSiteService(deps: MockDeps, areaCodes: readonly AreaCode[]) {
  const settings = createSiteSettings(deps.db);
  const news = createNewsArchive(settings.newsEpoch(deps.clock.now()), settings.publishedNews());
  const ranking = generateRanking(deps.rng);

  const handlers: SiteHandlers = {
    areaList: () => [...areaCodes],
    basicInfo: () => settings.base(),
    company: () => COMPANY,
    companyStatus: () => settings.companyStatus(),
    companySearch: ({ name }) => searchCompanies(name),
    defaultSetting: ({ key }) => ({ key, value: settings.showMobile() }),
    complaintEmail: () => ({ email: COMPLAINT_EMAIL }),
    manifest: () => manifestFor(settings.base()),
    newsList: ({ category_id, page }) => news.page(category_id, page),
    newsInfo: ({ id }) => news.find(id) ?? refuse('not_found', undefined, CODE.NOT_FOUND),
    followList: () => ranking,
  };

  const controls: ControlAction[] = [
    defineControl({
      method: 'POST',
      path: '/company/status',
      summary:
        'Sets the startup check: status (0 sends the app to loss_url), type (0 = company-directory mode), loss_url. Omitted fields keep their value; answers the new check.',
      input: companyStatusPatchSchema,
      run: (changes) => settings.setCompanyStatus(changes),
    }),
    defineControl({
      method: 'POST',
      path: '/settings/base',
      summary:
        'Sets base settings: service_link, service_link_type (1 chat, 2 dialog, 3 redirect), verify_reg_type (0 none, 1 code, 2 captcha), trade_fee_type (1 per lot, 2 of margin), title. Omitted fields keep their value; answers them all.',
      input: baseSettingsPatchSchema,
      run: (changes) => settings.setBase(changes),
    }),
    defineControl({
      method: 'POST',
      path: '/settings/show-mobile',
      summary: "Sets is_show_mobile: '1' offers phone registration, '0' hides it.",
      input: z.strictObject({ value: showMobileValueSchema }),
      run: ({ value }) => ({ key: 'is_show_mobile', value: settings.setShowMobile(value) }),
    }),
    defineControl({
      method: 'POST',
      path: '/news/add',
      summary:
        'Publishes a news item: title, content (HTML, stored as sent: hostile markup tests the sanitising of clients), desc, logo, category_id (default 1). It lists first; answers the created item with its id.',
      input: newsDraftSchema,
      run(draft) {
        const item = news.publish(draft, deps.clock.now());
        settings.setPublishedNews(news.published());
        return item;
      },
    }),
  ];

  return {
    handlers,
    controls,
    /** The base settings in force (registration reads verify_reg_type, trading trade_fee_type). */
    baseSettings: (): BaseSettings => settings.base(),
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
