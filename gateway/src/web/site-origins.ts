import { type BaseSettings, createRestClient, routes } from '@pipstream/protocol';

/** The origins the web app reaches beyond its own, as its Content-Security-Policy lists them. */
export interface SiteOrigins {
  /** Where it may connect: the upstream's REST and socket origins. */
  connect(): readonly string[];
  /** What it may frame: the support chat's origin, from the upstream's base settings. */
  frame(): readonly string[];
  /**
   * Where its images may come from beyond its own origin: the upstream's REST origin (an image a
   * user uploaded) and the hosts of the logos the upstream names (instruments, the company,
   * news).
   */
  image(): readonly string[];
  /** Reads the base settings now and every `refreshMs` after. */
  start(): void;
  stop(): void;
}

export interface SiteOriginsOptions {
  /** The upstream's REST origin. */
  readonly upstreamUrl: string;
  /** The upstream's socket. */
  readonly upstreamWsUrl: string;
  /** Reads the upstream's base settings. */
  readonly loadSettings: () => Promise<Pick<BaseSettings, 'service_link'>>;
  /** Reads the addresses of the logos the upstream names; default: none. */
  readonly loadLogos?: () => Promise<readonly string[]>;
  readonly refreshMs: number;
  readonly onError: (error: unknown) => void;
}

/** How often the base settings are read again: an operator's new support link is framed within it. */
export const BASE_SETTINGS_REFRESH_MS = 60_000;

/** Logo hosts the policy names at most: a policy header stays short whatever the data says. */
export const MAX_LOGO_ORIGINS = 8;

/**
 * A bare `http(s)://host[:port]` origin — nothing a policy could mistake for more than one
 * source — or `undefined`. The link is operator data: a `javascript:` or odd host is dropped
 * (the app refuses such a link too), and a path on the site itself needs no entry ('self').
 */
function webOrigin(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  const origin = url.origin;
  return /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d+)?$/i.test(origin) ? origin : undefined;
}

/**
 * The CSP's outside origins, learned from the upstream rather than allowed wholesale: the
 * configured upstream for connections, and the support chat's host, which is a run-time setting
 * (`service_link` of the base settings), for frames. The settings are read when the gateway
 * starts and every `refreshMs` after; until the first read the chat may only be on the site
 * itself, and a failed read keeps the last origin known.
 */
export function createSiteOrigins(options: SiteOriginsOptions): SiteOrigins {
  const connect = [
    ...new Set([new URL(options.upstreamUrl).origin, new URL(options.upstreamWsUrl).origin]),
  ];
  let frame: readonly string[] = [];
  const upstreamOrigin = new URL(options.upstreamUrl).origin;
  let image: readonly string[] = [upstreamOrigin];
  let timer: NodeJS.Timeout | undefined;

  async function read() {
    try {
      const origin = webOrigin((await options.loadSettings()).service_link);
      frame = origin ? [origin] : [];
    } catch (error) {
      options.onError(error);
    }
    if (!options.loadLogos) return;
    try {
      const hosts = new Set([upstreamOrigin]);
      for (const logo of await options.loadLogos()) {
        // A path (the mock's `/uploads/logos/…`) is on the site itself: 'self'.
        const origin = webOrigin(logo);
        if (origin) hosts.add(origin);
        if (hosts.size > MAX_LOGO_ORIGINS) break;
      }
      image = [...hosts].slice(0, MAX_LOGO_ORIGINS + 1);
    } catch (error) {
      options.onError(error);
    }
  }

  return {
    connect: () => connect,
    frame: () => frame,
    image: () => image,
    start() {
      if (timer) return;
      void read();
      timer = setInterval(read, options.refreshMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * The logos the upstream at `upstreamUrl` names, through the protocol's client: every listed
 * instrument's, the company's and those of the latest news. A call that fails is left out.
 */
export function logosOf(upstreamUrl: string): () => Promise<string[]> {
  const client = createRestClient(
    { tradeList: routes.tradeList, company: routes.company, newsList: routes.newsList },
    { baseUrl: upstreamUrl },
  );
  return async () => {
    const [instruments, company, news] = await Promise.allSettled([
      client.call('tradeList', {}),
      client.call('company', {}),
      client.call('newsList', {}),
    ]);
    const logos: string[] = [];
    if (instruments.status === 'fulfilled') for (const i of instruments.value) logos.push(i.Logo);
    if (company.status === 'fulfilled') logos.push(company.value.logo);
    if (news.status === 'fulfilled') for (const item of news.value.data) logos.push(item.logo);
    return logos;
  };
}

/** The base settings of the upstream at `upstreamUrl`, through the protocol's client. */
export function baseSettingsOf(upstreamUrl: string): () => Promise<BaseSettings> {
  const client = createRestClient({ basicInfo: routes.basicInfo }, { baseUrl: upstreamUrl });
  return () => client.call('basicInfo', {});
}
