// Over 400 lines on purpose: one short check per manifest rule, beside the readers they share.
/**
 * The checks of tests/ops/kubernetes.test.ts: deploy/k8s/ against the code, as agreement.ts
 * checks the compose file. Each returns the ways the manifests disagree (empty when they agree).
 */
import { existsSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { CodeFacts } from './agreement.js';
import { type DeployFiles, REPO } from './deploy-files.js';

// ── the parts of the manifests these checks read ───────────────────────────────────────────

type Labels = Readonly<Record<string, string>>;

interface Metadata {
  readonly name?: string;
  readonly labels?: Labels;
  readonly annotations?: Labels;
}

interface Probe {
  readonly httpGet?: { readonly path?: string; readonly port?: string | number };
}

interface Container {
  readonly name?: string;
  readonly image?: string;
  readonly command?: string[];
  readonly args?: string[];
  readonly ports?: { readonly name?: string; readonly containerPort?: number }[];
  readonly env?: { readonly name: string; readonly value?: string }[];
  readonly envFrom?: { readonly configMapRef?: { readonly name?: string } }[];
  readonly readinessProbe?: Probe;
  readonly livenessProbe?: Probe;
  readonly lifecycle?: {
    readonly preStop?: { readonly sleep?: { readonly seconds?: number } };
  };
  readonly resources?: {
    readonly requests?: Labels;
    readonly limits?: Labels;
  };
  readonly securityContext?: {
    readonly readOnlyRootFilesystem?: boolean;
    readonly allowPrivilegeEscalation?: boolean;
    readonly runAsNonRoot?: boolean;
    readonly runAsUser?: number;
    readonly capabilities?: { readonly drop?: string[] };
  };
  readonly volumeMounts?: { readonly name?: string; readonly mountPath?: string }[];
}

interface PodSpec {
  readonly terminationGracePeriodSeconds?: number;
  readonly securityContext?: Container['securityContext'];
  readonly containers?: Container[];
}

interface PodTemplate {
  readonly metadata?: Metadata;
  readonly spec?: PodSpec;
}

interface IngressPath {
  readonly path?: string;
  readonly pathType?: string;
  readonly backend?: {
    readonly service?: {
      readonly name?: string;
      readonly port?: { readonly name?: string; readonly number?: number };
    };
  };
}

/** One Kubernetes object, loosely: each check reads the fields of its kind. */
export interface K8sObject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: Metadata;
  readonly data?: Labels;
  readonly resources?: string[];
  readonly spec?: {
    readonly replicas?: number;
    readonly selector?: { readonly matchLabels?: Labels } | Labels;
    readonly template?: PodTemplate;
    readonly serviceName?: string;
    readonly volumeClaimTemplates?: { readonly metadata?: Metadata }[];
    readonly clusterIP?: string;
    readonly ports?: {
      readonly name?: string;
      readonly port?: number;
      readonly targetPort?: string | number;
    }[];
    readonly rules?: { readonly http?: { readonly paths?: IngressPath[] } }[];
    readonly scaleTargetRef?: { readonly kind?: string; readonly name?: string };
    readonly minReplicas?: number;
    readonly maxReplicas?: number;
    readonly metrics?: { readonly resource?: { readonly name?: string } }[];
    readonly maxUnavailable?: number | string;
    readonly minAvailable?: number | string;
    readonly podSelector?: { readonly matchLabels?: Labels };
    readonly ingress?: {
      readonly from?: { readonly namespaceSelector?: unknown; readonly podSelector?: unknown }[];
      readonly ports?: { readonly port?: string | number }[];
    }[];
  };
}

interface Manifest {
  /** Its file under deploy/k8s/. */
  readonly path: string;
  readonly object: K8sObject;
}

/** Every object of every manifest, documents split on `---`, anchors resolved. */
export function parseManifests(k8s: DeployFiles['k8s']): Manifest[] {
  return Object.entries(k8s).flatMap(([path, text]) =>
    parseAllDocuments(text).flatMap((document) => {
      if (document.errors.length > 0) {
        throw new Error(`deploy/k8s/${path}: ${document.errors.map(String).join('; ')}`);
      }
      const object = document.toJS() as K8sObject | null;
      return object ? [{ path, object }] : [];
    }),
  );
}

function objectsOf(manifests: readonly Manifest[], kind: string): K8sObject[] {
  return manifests.filter((m) => m.object.kind === kind).map((m) => m.object);
}

function one(manifests: readonly Manifest[], kind: string, name: string): K8sObject | undefined {
  return objectsOf(manifests, kind).find((object) => object.metadata?.name === name);
}

export const GATEWAY = 'pipstream-gateway';
export const MOCK = 'pipstream-mock';

/** The gateway Deployment's container; throws when there is none. */
export function gatewayContainer(manifests: readonly Manifest[]): Container {
  const container = one(manifests, 'Deployment', GATEWAY)?.spec?.template?.spec?.containers?.[0];
  if (!container) throw new Error(`deploy/k8s has no Deployment ${GATEWAY} with a container`);
  return container;
}

/** What a container's environment comes to: its ConfigMaps' data, then its own `env`. */
function containerEnv(
  manifests: readonly Manifest[],
  container: Container,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const map = one(manifests, 'ConfigMap', source.configMapRef?.name ?? '');
    Object.assign(env, map?.data ?? {});
  }
  for (const variable of container.env ?? []) env[variable.name] = String(variable.value ?? '');
  return env;
}

/** The container port a probe or a Service names, by name or number. */
function portNumber(container: Container | undefined, port: string | number | undefined) {
  if (typeof port === 'number') return port;
  return container?.ports?.find((p) => p.name === port)?.containerPort;
}

function matches(selector: Labels | undefined, labels: Labels | undefined): boolean {
  const wanted = Object.entries(selector ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels?.[key] === value);
}

function selectorOf(object: K8sObject | undefined): Labels | undefined {
  const selector = object?.spec?.selector;
  if (!selector) return undefined;
  return 'matchLabels' in selector ? (selector.matchLabels as Labels) : (selector as Labels);
}

/** Kubernetes quantities: `500m` CPU, `192Mi` memory. */
export function quantity(value: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|k|M|G)?$/.exec(value ?? '');
  if (!match) return Number.NaN;
  const units: Record<string, number> = {
    m: 0.001,
    Ki: 1024,
    Mi: 1024 ** 2,
    Gi: 1024 ** 3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
  };
  return Number(match[1]) * (units[match[2] ?? ''] ?? 1);
}

export type K8sCheck = (files: DeployFiles, facts: CodeFacts) => Promise<string[]>;

// ── the checks ──────────────────────────────────────────────────────────────────────────────

/** The gateway's ports, variables and values: what it reads, and what it would accept. */
export const gatewayEnvironmentAgrees: K8sCheck = async (files, facts) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const container = gatewayContainer(manifests);
  const env = containerEnv(manifests, container);
  for (const name of Object.keys(env)) {
    if (!facts.gatewayEnvVars.includes(name)) {
      problems.push(`k8s gateway sets ${name}, which the gateway does not read`);
    }
  }
  let config: ReturnType<CodeFacts['loadGatewayConfig']>;
  try {
    config = facts.loadGatewayConfig(env);
  } catch (error) {
    return [...problems, `k8s gateway environment refused: ${String(error)}`];
  }
  const http = portNumber(container, 'http');
  if (http !== config.port) {
    problems.push(`k8s gateway container port http ${http}, the gateway listens on ${config.port}`);
  }
  const metrics = portNumber(container, 'metrics');
  if (metrics !== config.metricsPort) {
    problems.push(
      `k8s gateway container port metrics ${metrics}, METRICS_PORT is ${config.metricsPort}`,
    );
  }
  if (/^(127\.|localhost$|::1$)/.test(config.metricsHost)) {
    problems.push(`k8s gateway serves /metrics on loopback (${config.metricsHost})`);
  }
  if (config.trustProxy === true) {
    problems.push('k8s gateway has TRUST_PROXY true: anyone may forge X-Forwarded-For');
  }
  if (config.upstreamUrl === undefined) problems.push('k8s gateway has no UPSTREAM_URL');
  // The image's command runs the gateway: an override must run its entry script.
  if (container.command !== undefined || container.args !== undefined) {
    problems.push(
      `k8s gateway overrides the image's command: ${[...(container.command ?? []), ...(container.args ?? [])].join(' ')}`,
    );
  }
  return problems;
};

/** Probes: readiness /readyz, liveness /healthz, on the gateway's own port. */
export const gatewayProbesAgree: K8sCheck = async (files, facts) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const container = gatewayContainer(manifests);
  const port = facts.loadGatewayConfig(containerEnv(manifests, container)).port;
  for (const [kind, probe, path] of [
    ['readiness', container.readinessProbe, '/readyz'],
    ['liveness', container.livenessProbe, '/healthz'],
  ] as const) {
    const asked = probe?.httpGet?.path;
    if (asked !== path) problems.push(`k8s gateway ${kind} probe asks ${asked}, not ${path}`);
    else if (!(await facts.gatewayServes(asked)))
      problems.push(`k8s gateway ${kind} probe asks ${asked}: 404`);
    const probed = portNumber(container, probe?.httpGet?.port);
    if (probed !== port)
      problems.push(`k8s gateway ${kind} probe asks port ${probed}, not ${port}`);
  }
  return problems;
};

/** Draining: the kubelet waits for the preStop pause and SHUTDOWN_GRACE_MS before SIGKILL. */
export const gatewayDrainAgrees: K8sCheck = async (files, facts) => {
  const manifests = parseManifests(files.k8s);
  const container = gatewayContainer(manifests);
  const drainMs = facts.loadGatewayConfig(containerEnv(manifests, container)).shutdownGraceMs;
  const pod = one(manifests, 'Deployment', GATEWAY)?.spec?.template?.spec;
  const pauseMs = (container.lifecycle?.preStop?.sleep?.seconds ?? 0) * 1000;
  // Kubernetes' default when the field is absent.
  const graceMs = (pod?.terminationGracePeriodSeconds ?? 30) * 1000;
  const problems: string[] = [];
  if (pauseMs === 0) problems.push('k8s gateway has no preStop pause before SIGTERM');
  if (graceMs <= pauseMs + drainMs) {
    problems.push(
      `k8s terminationGracePeriodSeconds ${graceMs / 1000} does not outlast preStop ${pauseMs} ms + SHUTDOWN_GRACE_MS ${drainMs} ms`,
    );
  }
  return problems;
};

/** Non-root, a read-only root filesystem, no privilege: the gateway's and the mock's. */
export const securityAgrees: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const workloads = [...objectsOf(manifests, 'Deployment'), ...objectsOf(manifests, 'StatefulSet')];
  for (const workload of workloads) {
    const name = workload.metadata?.name;
    const pod = workload.spec?.template?.spec;
    for (const container of pod?.containers ?? []) {
      const own = container.securityContext;
      const nonRoot = own?.runAsNonRoot ?? pod?.securityContext?.runAsNonRoot;
      const user = own?.runAsUser ?? pod?.securityContext?.runAsUser;
      if (nonRoot !== true || user === 0) problems.push(`k8s ${name} may run as root`);
      if (own?.readOnlyRootFilesystem !== true)
        problems.push(`k8s ${name}'s root filesystem is writable`);
      if (own?.allowPrivilegeEscalation !== false)
        problems.push(`k8s ${name} allows privilege escalation`);
      if (!own?.capabilities?.drop?.includes('ALL'))
        problems.push(`k8s ${name} keeps Linux capabilities`);
    }
  }
  const namespace = objectsOf(manifests, 'Namespace')[0];
  if (namespace?.metadata?.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted') {
    problems.push('k8s namespace does not enforce the restricted Pod Security Standard');
  }
  return problems;
};

/** Requests sized for a number of browsers; the memory limit above the request. */
export const resourcesAgree: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const { requests, limits } = gatewayContainer(manifests).resources ?? {};
  if (!(quantity(requests?.cpu) > 0))
    problems.push(`k8s gateway requests no CPU (${requests?.cpu})`);
  if (!(quantity(requests?.memory) > 0))
    problems.push(`k8s gateway requests no memory (${requests?.memory})`);
  if (!(quantity(limits?.memory) >= quantity(requests?.memory))) {
    problems.push(
      `k8s gateway memory limit ${limits?.memory} is under its request ${requests?.memory}`,
    );
  }
  if (!(browsersPerReplica(files) > 0)) {
    problems.push(
      `k8s gateway does not say how many browsers its requests are sized for (${SIZED_FOR})`,
    );
  }
  return problems;
};

/** The Deployment annotation naming the browsers per replica the requests are sized for. */
export const SIZED_FOR = 'pipstream/browsers-per-replica';

export function browsersPerReplica(files: DeployFiles): number {
  const deployment = one(parseManifests(files.k8s), 'Deployment', GATEWAY);
  return Number(deployment?.metadata?.annotations?.[SIZED_FOR]);
}

/** The gateway's memory request in bytes and CPU request in cores. */
export function gatewayRequests(files: DeployFiles): { memory: number; cpu: number } {
  const requests = gatewayContainer(parseManifests(files.k8s)).resources?.requests;
  return { memory: quantity(requests?.memory), cpu: quantity(requests?.cpu) };
}

/** The Service selects the gateway's pods and sends its ports to the container's. */
export const serviceAgrees: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const deployment = one(manifests, 'Deployment', GATEWAY);
  const container = gatewayContainer(manifests);
  const podLabels = deployment?.spec?.template?.metadata?.labels;
  if (!matches(selectorOf(deployment), podLabels))
    problems.push('k8s Deployment selector does not match its pods');
  const svc = one(manifests, 'Service', GATEWAY);
  if (!matches(selectorOf(svc), podLabels))
    problems.push(`k8s Service ${GATEWAY} does not select the gateway's pods`);
  for (const name of ['http', 'metrics']) {
    const port = svc?.spec?.ports?.find((p) => p.name === name);
    const target = portNumber(container, port?.targetPort);
    if (target === undefined || target !== portNumber(container, name)) {
      problems.push(
        `k8s Service ${GATEWAY} port ${name} targets ${port?.targetPort}, not the container's ${name}`,
      );
    }
  }
  const annotations = deployment?.spec?.template?.metadata?.annotations ?? {};
  if (
    annotations['prometheus.io/scrape'] !== 'true' ||
    Number(annotations['prometheus.io/port']) !== portNumber(container, 'metrics') ||
    annotations['prometheus.io/path'] !== '/metrics'
  ) {
    problems.push(`k8s gateway pods are not annotated for a scrape of port metrics at /metrics`);
  }
  return problems;
};

function annotation(object: K8sObject | undefined, name: string): string | undefined {
  return object?.metadata?.annotations?.[`nginx.ingress.kubernetes.io/${name}`];
}

function ingressPaths(object: K8sObject | undefined): IngressPath[] {
  return (object?.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
}

/** Whether an Ingress path routes `path` (Exact: equal; Prefix: by whole path segments). */
function routes(entry: IngressPath, path: string): boolean {
  const at = entry.path ?? '';
  if (entry.pathType === 'Exact') return path === at;
  return path === at || path.startsWith(at.endsWith('/') ? at : `${at}/`);
}

/** Ingress-nginx's seconds, or a size like `6m`, as a number in milliseconds or bytes. */
function ingressSize(value: string | undefined): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(value ?? '');
  const unit: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
  return match ? Number(match[1]) * (unit[(match[2] ?? '').toLowerCase()] ?? 1) : Number.NaN;
}

/**
 * Ingress: the socket with WebSocket timeouts beyond three heartbeats; REST, logins and the app
 * on the gateway's port; the per-address limits of the replicas, for the cluster.
 */
export const ingressAgrees: K8sCheck = async (files, facts) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const limits = facts.gatewayDefaults;
  const ingresses = objectsOf(manifests, 'Ingress');
  const svc = one(manifests, 'Service', GATEWAY);
  for (const ingress of ingresses) {
    for (const entry of ingressPaths(ingress)) {
      const backend = entry.backend?.service;
      const port = svc?.spec?.ports?.find(
        (p) => p.name === backend?.port?.name || p.port === backend?.port?.number,
      );
      if (backend?.name !== GATEWAY || port?.name !== 'http') {
        problems.push(
          `k8s Ingress ${ingress.metadata?.name} sends ${entry.path} to ${backend?.name}:${backend?.port?.name ?? backend?.port?.number}, not ${GATEWAY}:http`,
        );
      }
    }
  }
  const routing = (path: string) => {
    const candidates = ingresses.flatMap((ingress) =>
      ingressPaths(ingress)
        .filter((entry) => routes(entry, path))
        .map((entry) => ({ ingress, entry })),
    );
    // As ingress-nginx picks: an Exact path first, then the longest prefix.
    candidates.sort(
      (a, b) =>
        Number(b.entry.pathType === 'Exact') - Number(a.entry.pathType === 'Exact') ||
        (b.entry.path ?? '').length - (a.entry.path ?? '').length,
    );
    return candidates[0]?.ingress;
  };

  const socket = routing(facts.socketPath);
  if (
    !socket ||
    !ingressPaths(socket).some((e) => e.path === facts.socketPath && e.pathType === 'Exact')
  ) {
    problems.push(`k8s has no Ingress path Exact ${facts.socketPath}`);
  } else {
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) {
      const seconds = Number(annotation(socket, timeout) ?? 60);
      if (!(seconds * 1000 > 3 * facts.heartbeatMs))
        problems.push(`k8s socket Ingress ${timeout} ${seconds} s is within 3 heartbeats`);
    }
    const rps = Number(annotation(socket, 'limit-rps'));
    const burst = rps * Number(annotation(socket, 'limit-burst-multiplier') ?? 5);
    if (Number(annotation(socket, 'limit-connections')) !== limits.maxConnectionsPerIp) {
      problems.push(
        `k8s socket Ingress limit-connections ${annotation(socket, 'limit-connections')}, the replicas' MAX_CONNECTIONS_PER_IP is ${limits.maxConnectionsPerIp}`,
      );
    }
    if (rps !== limits.connectionsPerIpPerSecond || burst !== limits.maxConnectionsPerIp) {
      problems.push(
        `k8s socket Ingress paces ${rps}/s past ${burst}, the replicas ${limits.connectionsPerIpPerSecond}/s past ${limits.maxConnectionsPerIp}`,
      );
    }
  }

  const restIngresses = new Set(
    facts.restPaths.filter((p) => !facts.loginPaths.includes(p)).map(routing),
  );
  const loginIngresses = new Set(facts.loginPaths.map(routing));
  const [rest] = restIngresses;
  const [logins] = loginIngresses;
  if (restIngresses.size !== 1 || !rest || rest === socket)
    problems.push('k8s REST calls are not all routed by one Ingress');
  else {
    const calls = facts.firstScreenCalls;
    const rps = Number(annotation(rest, 'limit-rps'));
    const burst = rps * Number(annotation(rest, 'limit-burst-multiplier') ?? 5);
    if (
      !(
        rps >= calls * limits.connectionsPerIpPerSecond &&
        burst >= calls * limits.maxConnectionsPerIp
      )
    ) {
      problems.push(
        `k8s REST Ingress paces ${rps}/s past ${burst}: under ${calls} calls per phone`,
      );
    }
    if (!(ingressSize(annotation(rest, 'proxy-body-size') ?? '1m') >= facts.maxUploadBytes)) {
      problems.push(
        `k8s REST Ingress proxy-body-size ${annotation(rest, 'proxy-body-size')} refuses a ${facts.maxUploadBytes}-byte upload`,
      );
    }
    if (!(Number(annotation(rest, 'proxy-read-timeout') ?? 60) * 1000 > limits.proxyTimeoutMs)) {
      problems.push(
        `k8s REST Ingress proxy-read-timeout cuts calls before PROXY_TIMEOUT_MS ${limits.proxyTimeoutMs}`,
      );
    }
    if (routing('/uploads/1.png') !== rest) problems.push('k8s /uploads is not paced as REST');
  }
  if (loginIngresses.size !== 1 || !logins || logins === rest)
    problems.push('k8s login calls are not all routed by one Ingress of their own');
  else {
    const rps = Number(annotation(logins, 'limit-rps'));
    const burst = rps * Number(annotation(logins, 'limit-burst-multiplier') ?? 5);
    if (rps !== limits.loginsPerIpPerSecond || burst !== limits.maxPrivateSessionsPerIp) {
      problems.push(
        `k8s login Ingress paces ${rps}/s past ${burst}, the replicas ${limits.loginsPerIpPerSecond}/s past ${limits.maxPrivateSessionsPerIp}`,
      );
    }
    const others = facts.restPaths.filter(
      (p) => !facts.loginPaths.includes(p) && routing(p) === logins,
    );
    if (others.length > 0) problems.push(`k8s paces ${others.join(', ')} as logins`);
  }
  const web = routing('/');
  if (!web || [socket, rest, logins].includes(web))
    problems.push('k8s has no Ingress for the web app at /');
  return problems;
};

/** Replicas: at least two, scaled on CPU; a node drain takes one at a time. */
export const availabilityAgrees: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const deployment = one(manifests, 'Deployment', GATEWAY);
  const hpa = objectsOf(manifests, 'HorizontalPodAutoscaler').find(
    (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === GATEWAY,
  );
  const min = hpa?.spec?.minReplicas ?? 1;
  if (!hpa) problems.push(`k8s has no HorizontalPodAutoscaler for ${GATEWAY}`);
  else if (min < 2 || !((hpa.spec?.maxReplicas ?? 0) > min)) {
    problems.push(
      `k8s HorizontalPodAutoscaler scales ${min} to ${hpa.spec?.maxReplicas}: fewer than 2, or no room`,
    );
  }
  if (deployment?.spec?.replicas !== undefined)
    problems.push('k8s Deployment sets replicas, which an apply would reset under the autoscaler');
  const pdb = objectsOf(manifests, 'PodDisruptionBudget').find((p) =>
    matches(selectorOf(p), deployment?.spec?.template?.metadata?.labels),
  );
  if (!pdb) problems.push(`k8s has no PodDisruptionBudget for the gateway's pods`);
  else {
    const unavailable = pdb.spec?.maxUnavailable;
    const available = pdb.spec?.minAvailable;
    const drains = unavailable !== undefined ? Number(unavailable) : min - Number(available ?? min);
    if (!(drains >= 1 && drains < min))
      problems.push(`k8s PodDisruptionBudget lets ${drains} of ${min} replicas go at once`);
  }
  return problems;
};

/** Who reaches the gateways: browsers through the ingress controller, /metrics from monitoring. */
export const networkAgrees: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const labels = one(manifests, 'Deployment', GATEWAY)?.spec?.template?.metadata?.labels;
  const policy = objectsOf(manifests, 'NetworkPolicy').find((p) =>
    matches(p.spec?.podSelector?.matchLabels, labels),
  );
  if (!policy)
    return ['k8s has no NetworkPolicy for the gateway pods: anyone may forge X-Forwarded-For'];
  for (const port of ['http', 'metrics']) {
    const rules = (policy.spec?.ingress ?? []).filter((rule) =>
      (rule.ports ?? []).some((p) => p.port === port),
    );
    if (rules.length === 0 || rules.some((rule) => (rule.from ?? []).length === 0)) {
      problems.push(`k8s NetworkPolicy lets anyone reach the gateways' ${port} port`);
    }
  }
  return problems;
};

/**
 * The optional mock: its compose command, its data on a claimed volume, one replica, and the
 * name and port the gateways' UPSTREAM_URL names.
 */
export const mockAgrees: K8sCheck = async (files, facts) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  const mock = one(manifests, 'StatefulSet', MOCK);
  const container = mock?.spec?.template?.spec?.containers?.[0];
  if (!mock || !container) return [`k8s has no StatefulSet ${MOCK}`];
  if (mock.spec?.replicas !== 1)
    problems.push(`k8s mock runs ${mock.spec?.replicas} replicas: one writes its database`);
  const [program, script, ...args] = container.command ?? [];
  if (program !== 'node' || !script || !existsSync(join(REPO, script))) {
    problems.push(
      `k8s mock command ${container.command?.join(' ')} does not run an entry of the image`,
    );
  }
  const env = Object.fromEntries((container.env ?? []).map((v) => [v.name, String(v.value ?? '')]));
  for (const name of Object.keys(env)) {
    if (!facts.mockEnvVars.includes(name))
      problems.push(`k8s mock sets ${name}, which the mock does not read`);
  }
  const command = facts.parseMockArgs(args, env);
  if (command.kind !== 'run')
    return [...problems, `k8s mock command refused: ${JSON.stringify(command)}`];
  const { host, port, data } = command.options;
  if (host === '127.0.0.1' || host === 'localhost') problems.push('k8s mock listens on loopback');
  const claims = (mock.spec?.volumeClaimTemplates ?? []).map((claim) => claim.metadata?.name);
  const mount = container.volumeMounts?.find((m) => m.mountPath === data);
  if (!mount || !claims.includes(mount.name))
    problems.push(`k8s mock keeps its data in ${data}, not on a claimed volume`);
  if (portNumber(container, 'http') !== port)
    problems.push(`k8s mock container port http is not its --port ${port}`);
  for (const [kind, probe] of [
    ['readiness', container.readinessProbe],
    ['liveness', container.livenessProbe],
  ] as const) {
    const path = probe?.httpGet?.path ?? '';
    if (!(await facts.mockServes(path)) || portNumber(container, probe?.httpGet?.port) !== port) {
      problems.push(`k8s mock ${kind} probe asks ${path} on ${probe?.httpGet?.port}`);
    }
  }
  const svc = one(manifests, 'Service', mock.spec?.serviceName ?? '');
  if (!svc || !matches(selectorOf(svc), mock.spec?.template?.metadata?.labels))
    problems.push(`k8s mock's Service ${mock.spec?.serviceName} does not select it`);
  const upstream =
    facts.loadGatewayConfig(containerEnv(manifests, gatewayContainer(manifests))).upstreamUrl ?? '';
  const url = URL.canParse(upstream) ? new URL(upstream) : undefined;
  const servicePort = svc?.spec?.ports?.find(
    (p) => portNumber(container, p.targetPort) === port,
  )?.port;
  if (url?.hostname !== svc?.metadata?.name || Number(url?.port) !== servicePort) {
    problems.push(
      `k8s gateway's UPSTREAM_URL ${upstream} is not the mock's Service ${svc?.metadata?.name}:${servicePort}`,
    );
  }
  return problems;
};

/** Each kustomization lists every manifest of its folder (the mock's folder its own). */
export const kustomizationsAgree: K8sCheck = async (files) => {
  const problems: string[] = [];
  const manifests = parseManifests(files.k8s);
  for (const { path, object } of manifests.filter((m) => m.object.kind === 'Kustomization')) {
    const folder = dirname(path);
    const own = [...new Set(manifests.map((m) => m.path))].filter(
      (p) => dirname(p) === folder && p !== path,
    );
    const listed = (object.resources ?? []).map((r) => posix.join(folder, r));
    for (const p of own)
      if (!listed.includes(p)) problems.push(`deploy/k8s/${path} leaves out ${p}`);
    for (const p of listed)
      if (!own.includes(p)) problems.push(`deploy/k8s/${path} lists ${p}, which is not there`);
  }
  return problems;
};

export const K8S_CHECKS = {
  'gateway environment': gatewayEnvironmentAgrees,
  'gateway probes': gatewayProbesAgree,
  'gateway drain': gatewayDrainAgrees,
  security: securityAgrees,
  resources: resourcesAgree,
  service: serviceAgrees,
  ingress: ingressAgrees,
  availability: availabilityAgrees,
  network: networkAgrees,
  mock: mockAgrees,
  kustomizations: kustomizationsAgree,
} as const;
