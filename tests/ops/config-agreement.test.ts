import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, type CodeFacts } from './test-support/agreement.js';
import { type LiveFacts, readCodeFacts } from './test-support/code-facts.js';
import { type DeployFiles, readDeployFiles } from './test-support/deploy-files.js';

let files: DeployFiles;
let live: LiveFacts;
let facts: CodeFacts;

beforeAll(async () => {
  files = await readDeployFiles();
  live = await readCodeFacts();
  facts = live.facts;
});

afterAll(() => live?.close());

describe('the operations files agree with the code', () => {
  it.each(Object.entries(CHECKS))('%s', async (_name, check) => {
    expect(await check(files, facts)).toEqual([]);
  });
});

/** The operations files held as one text each. */
type TextFile = {
  [K in keyof DeployFiles]: DeployFiles[K] extends string ? K : never;
}[keyof DeployFiles];

/** `files` with `from` replaced by `to` in one file; fails when `from` is not there. */
function mutate(name: TextFile, from: string | RegExp, to: string) {
  return (original: DeployFiles): DeployFiles => {
    const text = original[name];
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`the planted change found no ${String(from)} in ${name}`);
    return { ...original, [name]: changed };
  };
}

// One planted disagreement per way each check can fail: the check must name it.
const PLANTED: [keyof typeof CHECKS, string, (files: DeployFiles) => DeployFiles, RegExp][] = [
  ['ports', 'EXPOSE', mutate('dockerfile', 'EXPOSE 8080', 'EXPOSE 8081'), /EXPOSE 8081/],
  [
    'ports',
    'the image health check port',
    mutate('dockerfile', 'PORT||8080', 'PORT||8081'),
    /HEALTHCHECK asks port 8081/,
  ],
  [
    'ports',
    'the nginx upstream',
    mutate('nginx', /^(\s*)server gateway:8080/m, '$1server gateway:3000'),
    /upstream gateway servers on ports 3000/,
  ],
  [
    'ports',
    'a published gateway port',
    mutate('compose', '    expose:\n', '    ports:\n      - "8080:8080"\n    expose:\n'),
    /publishes a host port/,
  ],
  [
    'ports',
    'the Prometheus target',
    mutate('prometheus', 'port: 9464', 'port: 8080'),
    /prometheus scrapes gateway port 8080, the gateway's metrics port is 9464/,
  ],
  [
    'ports',
    'an unexposed metrics port',
    mutate('compose', '      - "9464"\n', ''),
    /does not expose its metrics port 9464/,
  ],
  [
    'exposure',
    'metrics on loopback',
    mutate('compose', 'METRICS_HOST: 0.0.0.0', 'METRICS_HOST: 127.0.0.1'),
    /serves \/metrics on loopback/,
  ],
  [
    'exposure',
    'a balancer trusted blindly',
    mutate('compose', 'TRUST_PROXY: 172.30.100.10', 'TRUST_PROXY: "true"'),
    /TRUST_PROXY true/,
  ],
  [
    'exposure',
    "an address that is not nginx's",
    mutate('compose', 'TRUST_PROXY: 172.30.100.10', 'TRUST_PROXY: 10.0.0.0/8'),
    /trusts 10\.0\.0\.0\/8, which is not nginx's address \(172\.30\.100\.10\)/,
  ],
  [
    'ports',
    'the nginx listen port',
    mutate('nginx', 'listen 8080;', 'listen 80;'),
    /nginx listens on 80/,
  ],
  [
    'ports',
    'the default upstream',
    mutate('compose', 'http://mock:9100', 'http://mock:9200'),
    /default upstream http:\/\/mock:9200/,
  ],
  [
    'environment',
    'a misspelt variable',
    mutate('compose', '      TRUST_PROXY: 172.30.100.10', '      TRUST_PROXIES: 172.30.100.10'),
    /sets TRUST_PROXIES, which the gateway does not read/,
  ],
  [
    'environment',
    'a value the gateway refuses',
    mutate('compose', 'LOG_LEVEL:-info', 'LOG_LEVEL:-loud'),
    /environment refused: .*LOG_LEVEL/s,
  ],
  [
    'environment',
    'a mock flag the CLI refuses',
    mutate('compose', '      - --data\n', '      - --data-dir\n'),
    /mock command refused/,
  ],
  [
    'environment',
    'a mock variable value the CLI refuses',
    mutate('compose', 'MOCK_TICK_MS:-500', 'MOCK_TICK_MS:-5'),
    /mock command refused: .*tickMs/,
  ],
  [
    'environment',
    'a mock on loopback',
    mutate('compose', '      - 0.0.0.0\n', '      - 127.0.0.1\n'),
    /mock listens on loopback/,
  ],
  [
    'health checks',
    'a path the gateway lacks',
    mutate('dockerfile', "/healthz'", "/health'"),
    /Dockerfile HEALTHCHECK asks \/health: 404/,
  ],
  [
    'health checks',
    'a compose path the gateway lacks',
    mutate('compose', "8080/readyz'", "8080/ready'"),
    /compose gateway healthcheck asks \/ready: 404/,
  ],
  [
    'health checks',
    'curl in a slim image',
    mutate(
      'compose',
      /- CMD\n(\s+)- node\n\s+- -e\n\s+- fetch\('http:\/\/127\.0\.0\.1:9100/,
      "- CMD\n$1- curl\n$1- -fs\n$1- fetch('http://127.0.0.1:9100",
    ),
    /compose mock healthcheck does not run node/,
  ],
  [
    'commands',
    'a missing gateway entry',
    mutate('dockerfile', '"gateway/bin/pipstream-gateway.js"', '"gateway/bin/gateway.js"'),
    /gateway\/bin\/gateway\.js does not exist/,
  ],
  [
    'commands',
    'a shell-form CMD',
    mutate(
      'dockerfile',
      'CMD ["node", "gateway/bin/pipstream-gateway.js"]',
      'CMD node gateway/bin/pipstream-gateway.js',
    ),
    /not in exec form/,
  ],
  [
    'commands',
    'a missing mock entry',
    mutate('compose', 'protocol/bin/pipstream-mock.js', 'protocol/bin/mock.js'),
    /compose mock command: protocol\/bin\/mock\.js does not exist/,
  ],
  [
    'commands',
    'compiled code left out of the image',
    mutate('dockerfile', 'COPY --from=build /app/gateway/dist gateway/dist\n', ''),
    /gateway\/dist\/cli\.js is not copied into the image/,
  ],
  ['commands', 'a root process', mutate('dockerfile', 'USER node', 'USER root'), /runs as root/],
  [
    'nginx',
    'no Upgrade header',
    mutate('nginx', '      proxy_set_header Upgrade $http_upgrade;\n', ''),
    /does not pass Upgrade/,
  ],
  [
    'nginx',
    'no upgrade map',
    mutate(
      'nginx',
      'map $http_upgrade $connection_upgrade',
      'map $http_upgrade $upgrade_connection',
    ),
    /does not pass Connection/,
  ],
  [
    'nginx',
    'another socket path',
    mutate('nginx', 'location = /v1/ws', 'location = /ws'),
    /no "location = \/v1\/ws"/,
  ],
  [
    'nginx',
    'a socket timeout within the heartbeat',
    mutate('nginx', 'proxy_read_timeout 60s;', 'proxy_read_timeout 10s;'),
    /read timeout 10s/,
  ],
  [
    'nginx',
    'no retry on a draining replica',
    mutate('nginx', 'error timeout http_502 http_503', 'error timeout http_502'),
    /lacks http_503/,
  ],
  [
    'nginx',
    "an upload limit below the mock's",
    mutate('nginx', 'client_max_body_size 6m', 'client_max_body_size 1m'),
    /client_max_body_size 1m/,
  ],
  [
    'cluster limits',
    "sockets per address above the replicas'",
    mutate(
      'compose',
      'CLUSTER_MAX_CONNECTIONS_PER_IP:-1000',
      'CLUSTER_MAX_CONNECTIONS_PER_IP:-3000',
    ),
    /nginx holds 3000 sockets per address, the replicas' MAX_CONNECTIONS_PER_IP is 1000/,
  ],
  [
    'cluster limits',
    'no socket limit',
    mutate('nginx', /limit_conn sockets_per_address (.*);/, '# no limit: $1'),
    /no limit_conn per browser address/,
  ],
  [
    'cluster limits',
    'a socket limit per balancer',
    mutate('nginx', 'limit_conn_zone $binary_remote_addr', 'limit_conn_zone $server_addr'),
    /no limit_conn per browser address/,
  ],
  [
    'cluster limits',
    'socket opens paced otherwise',
    mutate('compose', 'CLUSTER_CONNECTION_RATE_PER_IP:-50', 'CLUSTER_CONNECTION_RATE_PER_IP:-5'),
    /\/v1\/ws opens: 5\/s, the replicas' CONNECTION_RATE_PER_IP is 50/,
  ],
  [
    'cluster limits',
    'logins paced otherwise',
    mutate('compose', 'CLUSTER_LOGIN_BURST_PER_IP:-500', 'CLUSTER_LOGIN_BURST_PER_IP:-50'),
    /logins: burst 50, not MAX_PRIVATE_SESSIONS_PER_IP 500/,
  ],
  [
    'cluster limits',
    'a login call left out',
    mutate('nginx', 'loginForU|', ''),
    /paces no zone keyed by address on every login path/,
  ],
  [
    'cluster limits',
    'a REST prefix left out',
    mutate('nginx', '~^/(api|v1/api|uploads)(/|$)', '~^/(api|uploads)(/|$)'),
    /paces no zone keyed by address on every REST path/,
  ],
  [
    'cluster limits',
    'REST paced below the first screen',
    mutate('compose', 'CLUSTER_REST_BURST_PER_IP:-3000', 'CLUSTER_REST_BURST_PER_IP:-300'),
    /REST: burst 300, under 3 calls for each of 1000 phones at once/,
  ],
  [
    'cluster limits',
    "nginx's 503",
    mutate('nginx', 'limit_req_status 429;', 'limit_req_status 503;'),
    /limit_req refusal 503, not 429/,
  ],
  [
    'cluster limits',
    'a refusal without the envelope',
    mutate('nginx', '{"code":429,', '{"status":429,'),
    /without the envelope \{code: 429, msg\}/,
  ],
  [
    'cluster limits',
    'a variable compose does not set',
    mutate('compose', /^\s*CLUSTER_REST_RATE_PER_IP: .*\n/m, ''),
    /compose nginx does not set CLUSTER_REST_RATE_PER_IP/,
  ],
  [
    'monitoring',
    'rules compose does not mount',
    mutate(
      'compose',
      '- ./deploy/prometheus:/etc/prometheus:ro',
      '- ./deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    ),
    /does not mount deploy\/prometheus/,
  ],
  [
    'monitoring',
    'rules not loaded',
    mutate('prometheus', '  - pipstream.rules.yml', '  - rules/*.yml'),
    /loads deploy\/prometheus\/rules\/\*\.yml, not deploy\/prometheus\/pipstream\.rules\.yml/,
  ],
  [
    'monitoring',
    'another job name',
    mutate('prometheus', 'job_name: pipstream-gateway', 'job_name: gateway'),
    /rule PipstreamReplicaNotReady reads job pipstream-gateway, which Prometheus does not scrape/,
  ],
  [
    'monitoring',
    'an alert without a runbook entry',
    mutate('runbook', '### PipstreamRestTimeouts', '### RestTimeouts'),
    /has no entry for PipstreamRestTimeouts/,
  ],
  [
    'monitoring',
    'a runbook entry that does not say what to do',
    mutate('runbook', /(### PipstreamEventLoopDelay\n(?:.*\n)*?)\*\*Do:\*\*/, '$1Then:'),
    /PipstreamEventLoopDelay does not say what it means and what to do/,
  ],
  [
    'monitoring',
    'an alert with no severity',
    mutate('rules', 'severity: ticket', 'severity: someday'),
    /has severity "someday"/,
  ],
  [
    'readme',
    'a cluster variable left out',
    mutate('readme', /^\| `CLUSTER_LOGIN_RATE_PER_IP` .*\n/m, ''),
    /README lacks CLUSTER_LOGIN_RATE_PER_IP/,
  ],
  [
    'readme',
    'a missing variable',
    mutate('readme', /^\| `MOCK_LOG` .*\n/m, ''),
    /README lacks MOCK_LOG/,
  ],
  [
    'readme',
    'a variable nothing reads',
    mutate('readme', /^(\| `MOCK_LOG` .*\n)/m, '$1| `GATEWAY_PORT` | gateway | 1 | | x |\n'),
    /README lists GATEWAY_PORT, which nothing reads/,
  ],
  [
    'drain',
    'a stop grace shorter than the drain',
    mutate('compose', 'stop_grace_period: 15s', 'stop_grace_period: 5s'),
    /stop_grace_period 5000 ms does not outlast SHUTDOWN_GRACE_MS 10000 ms/,
  ],
];

describe('each check fails on a planted disagreement', () => {
  it.each(PLANTED)('%s: %s', async (name, _what, plant, problem) => {
    const problems = await CHECKS[name](plant(files), facts);
    expect(problems.join('\n')).toMatch(problem);
  });
});
