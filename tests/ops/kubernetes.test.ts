/**
 * deploy/k8s/ against the code, as config-agreement.test.ts checks the compose file: no cluster
 * runs here, so each manifest's ports, variables, probes, grace periods and limits are read and
 * compared with what the gateway and the mock do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeFacts } from './test-support/agreement.js';
import { type LiveFacts, readCodeFacts } from './test-support/code-facts.js';
import { type DeployFiles, readDeployFiles } from './test-support/deploy-files.js';
import { K8S_CHECKS } from './test-support/k8s-agreement.js';

let files: DeployFiles;
let live: LiveFacts;
let facts: CodeFacts;

beforeAll(async () => {
  files = await readDeployFiles();
  live = await readCodeFacts();
  facts = live.facts;
});

afterAll(() => live?.close());

describe('the Kubernetes manifests agree with the code', () => {
  it('parses every manifest under deploy/k8s', () => {
    expect(Object.keys(files.k8s)).toEqual(
      expect.arrayContaining(['deployment.yaml', 'ingress.yaml', 'mock/statefulset.yaml']),
    );
  });

  it.each(Object.entries(K8S_CHECKS))('%s', async (_name, check) => {
    expect(await check(files, facts)).toEqual([]);
  });
});

/** `files` with `from` replaced by `to` in the manifest `path`; fails when `from` is not there. */
function mutate(path: string, from: string | RegExp, to: string) {
  return (original: DeployFiles): DeployFiles => {
    const text = original.k8s[path] ?? '';
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`the planted change found no ${String(from)} in ${path}`);
    return { ...original, k8s: { ...original.k8s, [path]: changed } };
  };
}

// One planted disagreement per way each check can fail: the check must name it.
const PLANTED: [keyof typeof K8S_CHECKS, string, (files: DeployFiles) => DeployFiles, RegExp][] = [
  [
    'gateway environment',
    'a misspelt variable',
    mutate('configmap.yaml', 'LOG_LEVEL: info', 'LOGLEVEL: info'),
    /sets LOGLEVEL, which the gateway does not read/,
  ],
  [
    'gateway environment',
    'a value the gateway refuses',
    mutate('configmap.yaml', 'LOG_LEVEL: info', 'LOG_LEVEL: loud'),
    /environment refused: .*LOG_LEVEL/s,
  ],
  [
    'gateway environment',
    'a container port the gateway does not listen on',
    mutate('deployment.yaml', 'containerPort: 8080', 'containerPort: 3000'),
    /container port http 3000, the gateway listens on 8080/,
  ],
  [
    'gateway environment',
    'metrics on loopback',
    mutate('deployment.yaml', 'value: 0.0.0.0', 'value: 127.0.0.1'),
    /serves \/metrics on loopback/,
  ],
  [
    'gateway environment',
    'a balancer trusted blindly',
    mutate('configmap.yaml', 'TRUST_PROXY: 10.0.0.0/8', 'TRUST_PROXY: "true"'),
    /TRUST_PROXY true/,
  ],
  [
    'gateway probes',
    'readiness on /healthz',
    mutate('deployment.yaml', 'path: /readyz', 'path: /healthz'),
    /readiness probe asks \/healthz, not \/readyz/,
  ],
  [
    'gateway probes',
    'a probe on the metrics port',
    mutate('deployment.yaml', /(path: \/healthz\n\s+port:) http/, '$1 metrics'),
    /liveness probe asks port 9464, not 8080/,
  ],
  [
    'gateway drain',
    'a grace period within the drain',
    mutate(
      'deployment.yaml',
      'terminationGracePeriodSeconds: 30',
      'terminationGracePeriodSeconds: 12',
    ),
    /terminationGracePeriodSeconds 12 does not outlast preStop 5000 ms \+ SHUTDOWN_GRACE_MS 10000 ms/,
  ],
  [
    'gateway drain',
    'a longer drain',
    mutate('deployment.yaml', 'value: "10000"', 'value: "30000"'),
    /does not outlast preStop 5000 ms \+ SHUTDOWN_GRACE_MS 30000 ms/,
  ],
  [
    'security',
    'root',
    mutate('deployment.yaml', 'runAsNonRoot: true', 'runAsNonRoot: false'),
    /pipstream-gateway may run as root/,
  ],
  [
    'security',
    'a writable root filesystem',
    mutate(
      'mock/statefulset.yaml',
      'readOnlyRootFilesystem: true',
      'readOnlyRootFilesystem: false',
    ),
    /pipstream-mock's root filesystem is writable/,
  ],
  [
    'resources',
    'no memory request',
    mutate('deployment.yaml', 'memory: 256Mi', 'memory: lots'),
    /requests no memory/,
  ],
  [
    'service',
    'a Service on the wrong pods',
    mutate(
      'service.yaml',
      /(selector:\n(?:.*\n)*?\s+app\.kubernetes\.io\/component:) gateway/,
      '$1 mock',
    ),
    /does not select the gateway's pods/,
  ],
  [
    'service',
    'a scrape of the public port',
    mutate('deployment.yaml', 'prometheus.io/port: "9464"', 'prometheus.io/port: "8080"'),
    /not annotated for a scrape/,
  ],
  [
    'ingress',
    'a socket timeout within the heartbeat',
    mutate('ingress.yaml', 'proxy-send-timeout: "60"', 'proxy-send-timeout: "10"'),
    /proxy-send-timeout 10 s is within 3 heartbeats/,
  ],
  [
    'ingress',
    "sockets per address above the replicas'",
    mutate('ingress.yaml', 'limit-connections: "1000"', 'limit-connections: "3000"'),
    /limit-connections 3000, the replicas' MAX_CONNECTIONS_PER_IP is 1000/,
  ],
  [
    'ingress',
    'a login path left to REST',
    mutate('ingress.yaml', /\s+- path: \/api\/user\/register\n.*\n.*\n/, '\n'),
    /login calls are not all routed by one Ingress of their own/,
  ],
  [
    'ingress',
    "an upload limit below the mock's",
    mutate('ingress.yaml', 'proxy-body-size: 6m', 'proxy-body-size: 1m'),
    /proxy-body-size 1m refuses/,
  ],
  [
    'ingress',
    'a backend on the metrics port',
    mutate('ingress.yaml', /(path: \/v1\/api\n(?:.*\n){5}\s+)name: http/, '$1name: metrics'),
    /sends \/v1\/api to pipstream-gateway:metrics/,
  ],
  [
    'availability',
    'a single replica',
    mutate('hpa.yaml', 'minReplicas: 2', 'minReplicas: 1'),
    /scales 1 to 10: fewer than 2/,
  ],
  [
    'availability',
    'replicas fixed under the autoscaler',
    mutate('deployment.yaml', 'revisionHistoryLimit: 5', 'replicas: 3\n  revisionHistoryLimit: 5'),
    /sets replicas/,
  ],
  [
    'network',
    'the public port open to all',
    mutate(
      'networkpolicy.yaml',
      /- from:\n(?:.*\n){3}(\s+ports:\n\s+- port: http)/,
      '- from: []\n$1',
    ),
    /lets anyone reach the gateways' http port/,
  ],
  [
    'mock',
    'a mock on loopback',
    mutate('mock/statefulset.yaml', '- 0.0.0.0', '- 127.0.0.1'),
    /mock listens on loopback/,
  ],
  [
    'mock',
    'data off the volume',
    mutate(
      'mock/statefulset.yaml',
      '- --data\n            - /data',
      '- --data\n            - /var/data',
    ),
    /keeps its data in \/var\/data, not on a claimed volume/,
  ],
  [
    'mock',
    'the gateways pointed elsewhere',
    mutate('configmap.yaml', 'http://pipstream-mock:9100', 'http://mock:9100'),
    /UPSTREAM_URL http:\/\/mock:9100 is not the mock's Service pipstream-mock:9100/,
  ],
  [
    'kustomizations',
    'a manifest left out',
    mutate('kustomization.yaml', '  - pdb.yaml\n', ''),
    /kustomization\.yaml leaves out pdb\.yaml/,
  ],
];

describe('each check fails on a planted disagreement', () => {
  it.each(PLANTED)('%s: %s', async (name, _what, plant, problem) => {
    const problems = await K8S_CHECKS[name](plant(files), facts);
    expect(problems.join('\n')).toMatch(problem);
  });
});
