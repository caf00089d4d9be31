/** Connections to the upstream: every forwarded request and every shared fetch share them. */
export const POOL_CONNECTIONS = 256;

/** The proxy's limits unless configured (config.ts reads them from the environment). */
export const PROXY_DEFAULTS = {
  /** The largest body: an image upload of 5 MiB as multipart, as nginx's `client_max_body_size`. */
  maxBodyBytes: 6 * 1024 * 1024,
  /** A 5 MiB upload arrives whole in a minute at 0.7 Mbit/s: a slow cellular uplink. */
  bodyTimeoutMs: 60_000,
  /** A quarter of the pool: a carrier's shared address still gets 64 calls in flight at once. */
  upstreamPerAddress: 64,
} as const;
