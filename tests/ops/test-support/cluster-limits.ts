/**
 * The cluster-limits check of tests/ops/config-agreement.test.ts: deploy/nginx.conf.template,
 * rendered with compose's environment, against the replicas' own per-address limits.
 */
import type { Check } from './agreement.js';
import {
  directives,
  envNames,
  location,
  type NginxDirective,
  nginxParts,
  parseCompose,
  service,
  serviceEnv,
  templateVariables,
} from './deploy-files.js';

/** An nginx `map`'s value for `input`: its exact entries, then its regexes in order, else default. */
function mapValue(map: NginxDirective, input: string): string {
  const entries = (map.block ?? []).map((entry) => [entry.name, entry.args[0] ?? ''] as const);
  const exact = entries.find(([key]) => key === input);
  if (exact) return exact[1];
  for (const [key, value] of entries) {
    if (key.startsWith('~') && new RegExp(key.slice(1).replace(/^\*/, '')).test(input))
      return value;
  }
  return entries.find(([key]) => key === 'default')?.[1] ?? '';
}

/** `limit_req_zone KEY zone=NAME:SIZE rate=Nr/s` of the `http` block, by zone name. */
function requestZones(http: NginxDirective) {
  return new Map(
    directives(http.block, 'limit_req_zone').map((zone) => {
      const name = /^zone=([^:]+):/.exec(zone.args[1] ?? '')?.[1] ?? '';
      const rate = Number(/^rate=(\d+)r\/s$/.exec(zone.args[2] ?? '')?.[1]);
      return [name, { key: zone.args[0] ?? '', rate }] as const;
    }),
  );
}

/** The `limit_req` of a location: zone name → burst. */
function requestLimits(location: NginxDirective | undefined) {
  return new Map(
    directives(location?.block, 'limit_req').map((limit) => {
      const zone = limit.args.find((arg) => arg.startsWith('zone='))?.slice(5) ?? '';
      const burst = Number(limit.args.find((arg) => arg.startsWith('burst='))?.slice(6) ?? 0);
      return [zone, { burst, nodelay: limit.args.includes('nodelay') }] as const;
    }),
  );
}

/**
 * Cluster limits: nginx holds one address to the replicas' own per-address limits for the
 * whole cluster (sockets at once and per second, logins over REST), paces REST at the first
 * screen's calls per phone, counts the browser's address, and answers a refusal with a 429 in
 * the gateway's envelope. The values checked are the template rendered with compose's defaults.
 */
export const clusterLimitsAgree: Check = async (files, facts) => {
  const problems: string[] = [];
  // Every variable of the template comes from compose, and compose sets none it does not use.
  const nginxService = service(parseCompose(files.compose), 'nginx');
  const used = templateVariables(files.nginx);
  const set = envNames(nginxService).filter((name) => name.startsWith('CLUSTER_'));
  for (const name of used)
    if (!set.includes(name)) problems.push(`compose nginx does not set ${name}`);
  for (const name of set)
    if (!used.includes(name))
      problems.push(`compose nginx sets ${name}, which the template does not use`);
  const filter = serviceEnv(nginxService).NGINX_ENVSUBST_FILTER;
  if (!filter || used.some((name) => !new RegExp(filter).test(name))) {
    problems.push(
      `compose nginx's NGINX_ENVSUBST_FILTER (${filter}) does not cover every variable of the template`,
    );
  }
  // Without them the template does not render.
  if (problems.length > 0) return problems;
  const limits = facts.gatewayDefaults;
  const { http, server } = nginxParts(files);
  const zones = requestZones(http);
  const socket = location(server, '=', facts.socketPath);
  const rest = location(server, '/');

  const connZone = directives(http.block, 'limit_conn_zone')[0];
  const conn = directives(socket?.block, 'limit_conn')[0];
  if (
    connZone?.args[0] !== '$binary_remote_addr' ||
    !connZone.args[1]?.startsWith(`zone=${conn?.args[0]}:`)
  ) {
    problems.push(`nginx ${facts.socketPath} has no limit_conn per browser address`);
  } else if (Number(conn?.args[1]) !== limits.maxConnectionsPerIp) {
    problems.push(
      `nginx holds ${conn?.args[1]} sockets per address, the replicas' MAX_CONNECTIONS_PER_IP is ${limits.maxConnectionsPerIp}`,
    );
  }

  /** A `limit_req` of `block` whose zone is keyed by `key` with `rate`/s past `burst`. */
  const paced = (
    where: string,
    block: NginxDirective | undefined,
    key: string,
    rate: (r: number) => string | undefined,
    burst: (b: number) => string | undefined,
  ) => {
    const found = [...requestLimits(block)].find(([zone]) => zones.get(zone)?.key === key);
    if (!found) return problems.push(`nginx ${where} has no limit_req keyed by ${key}`);
    const [zone, limit] = found;
    const zoneRate = zones.get(zone)?.rate ?? Number.NaN;
    const wrong = [rate(zoneRate), burst(limit.burst), limit.nodelay ? undefined : 'no nodelay'];
    for (const problem of wrong) if (problem) problems.push(`nginx ${where}: ${problem}`);
  };
  paced(
    `${facts.socketPath} opens`,
    socket,
    '$binary_remote_addr',
    (r) =>
      r === limits.connectionsPerIpPerSecond
        ? undefined
        : `${r}/s, the replicas' CONNECTION_RATE_PER_IP is ${limits.connectionsPerIpPerSecond}`,
    (b) =>
      b === limits.maxConnectionsPerIp
        ? undefined
        : `burst ${b}, not MAX_CONNECTIONS_PER_IP ${limits.maxConnectionsPerIp}`,
  );

  const maps = new Map(directives(http.block, 'map').map((map) => [map.args[1] ?? '', map]));
  const keyOf = (zone: string) => zones.get(zone)?.key ?? '';
  const restLimits = [...requestLimits(rest)].map(([zone]) => keyOf(zone));
  const restKey = restLimits.find((key) => {
    const map = maps.get(key);
    return map && facts.restPaths.every((path) => mapValue(map, path) === '$binary_remote_addr');
  });
  const loginKey = restLimits.find((key) => {
    const map = maps.get(key);
    return (
      key !== restKey &&
      map &&
      facts.loginPaths.every((path) => mapValue(map, path) === '$binary_remote_addr')
    );
  });
  if (!restKey) problems.push('nginx paces no zone keyed by address on every REST path');
  else {
    const calls = facts.firstScreenCalls;
    paced(
      'REST',
      rest,
      restKey,
      (r) =>
        r >= calls * limits.connectionsPerIpPerSecond
          ? undefined
          : `${r}/s, under ${calls} calls for each of ${limits.connectionsPerIpPerSecond} phones opening a second`,
      (b) =>
        b >= calls * limits.maxConnectionsPerIp
          ? undefined
          : `burst ${b}, under ${calls} calls for each of ${limits.maxConnectionsPerIp} phones at once`,
    );
    const paths = [...facts.restPaths, '/uploads/1.png'];
    const missed = paths.filter(
      (path) => mapValue(maps.get(restKey) as NginxDirective, path) === '',
    );
    if (missed.length > 0) problems.push(`nginx does not pace REST calls ${missed.join(', ')}`);
    if (mapValue(maps.get(restKey) as NginxDirective, '/') !== '')
      problems.push('nginx paces the web app as REST');
  }
  if (!loginKey) problems.push(`nginx paces no zone keyed by address on every login path`);
  else {
    paced(
      'logins',
      rest,
      loginKey,
      (r) =>
        r === limits.loginsPerIpPerSecond
          ? undefined
          : `${r}/s, the replicas' LOGIN_RATE_PER_IP is ${limits.loginsPerIpPerSecond}`,
      (b) =>
        b === limits.maxPrivateSessionsPerIp
          ? undefined
          : `burst ${b}, not MAX_PRIVATE_SESSIONS_PER_IP ${limits.maxPrivateSessionsPerIp}`,
    );
    const others = facts.restPaths.filter(
      (path) =>
        !facts.loginPaths.includes(path) &&
        mapValue(maps.get(loginKey) as NginxDirective, path) !== '',
    );
    if (others.length > 0) problems.push(`nginx paces ${others.join(', ')} as logins`);
  }

  for (const [name, status] of [
    ['limit_conn_status', 'limit_conn'],
    ['limit_req_status', 'limit_req'],
  ] as const) {
    const code = directives(http.block, name)[0]?.args[0] ?? '503';
    if (code !== '429') problems.push(`nginx answers a ${status} refusal ${code}, not 429`);
  }
  const refusal = directives(server?.block, 'error_page').find((page) => page.args[0] === '429');
  const named = directives(server?.block, 'location').find(
    (found) => found.args[0] === refusal?.args.at(-1),
  );
  const answer = directives(named?.block, 'return')[0]?.args ?? [];
  let envelope: { code?: unknown; msg?: unknown } = {};
  try {
    envelope = JSON.parse(answer[1] ?? '{}');
  } catch {}
  if (
    answer[0] !== '429' ||
    envelope.code !== facts.rateLimitedCode ||
    typeof envelope.msg !== 'string'
  ) {
    problems.push(
      `nginx answers a refusal without the envelope {code: ${facts.rateLimitedCode}, msg}`,
    );
  }

  return problems;
};
