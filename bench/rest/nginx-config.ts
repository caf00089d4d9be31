/**
 * The nginx an operator would otherwise put in front of the upstream: a plain reverse proxy,
 * nothing cached, nothing compressed, generated into a throwaway folder.
 */

export interface NginxConfigOptions {
  /** Port nginx listens on, on 127.0.0.1. */
  readonly listenPort: number;
  /** Port of the upstream on 127.0.0.1. */
  readonly upstreamPort: number;
  /** Absolute folder for nginx's temp files (request bodies, buffered answers). */
  readonly tempDir: string;
  /**
   * Idle upstream connections nginx keeps open; default 128, the size of the gateway's own
   * upstream pool, so that under 100 client connections neither proxy keeps reconnecting.
   */
  readonly keepalive?: number;
}

/** Temp folders nginx creates at start; each is pointed into `tempDir`. */
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'] as const;

/**
 * `nginx.conf` for one worker proxying every path to the upstream over keep-alive connections
 * (`proxy_http_version 1.1` and an empty `Connection` header: without them nginx opens a new
 * upstream connection per request), with the access log off. `pid` and `daemon` are left to
 * the command line (`-g`), which refuses them twice.
 */
export function nginxConfig(options: NginxConfigOptions): string {
  const { listenPort, upstreamPort, tempDir } = options;
  const keepalive = options.keepalive ?? 128;
  for (const [name, port] of [
    ['listenPort', listenPort],
    ['upstreamPort', upstreamPort],
  ] as const) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new RangeError(`${name} must be a port from 1 to 65535, got ${port}`);
    }
  }
  if (!Number.isInteger(keepalive) || keepalive < 1) {
    throw new RangeError(`keepalive must be a whole number of 1 or more, got ${keepalive}`);
  }
  if (!tempDir.startsWith('/') || /[\s;{}'"]/.test(tempDir)) {
    throw new RangeError(`tempDir must be an absolute path without spaces or quotes: ${tempDir}`);
  }
  const temp = tempDir.replace(/\/+$/, '');

  return `worker_processes 1;
error_log stderr warn;

events {
    worker_connections 1024;
}

http {
    access_log off;
${TEMP_PATHS.map((kind) => `    ${kind}_temp_path ${temp}/${kind};`).join('\n')}

    upstream backend {
        server 127.0.0.1:${upstreamPort};
        keepalive ${keepalive};
    }

    server {
        listen 127.0.0.1:${listenPort};

        location / {
            proxy_pass http://backend;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }
    }
}
`;
}
