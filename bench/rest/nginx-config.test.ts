import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config.js';

const NGINX = '/usr/sbin/nginx';
const options = { listenPort: 18080, upstreamPort: 19100, tempDir: '/tmp/bench-nginx' };

/** The lines of a config, each trimmed, blank ones dropped. */
function lines(config: string): string[] {
  return config
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

describe('nginxConfig', () => {
  it('runs one worker with the access log off', () => {
    const config = lines(nginxConfig(options));
    expect(config).toContain('worker_processes 1;');
    expect(config).toContain('access_log off;');
  });

  it('listens on loopback and proxies every path to the upstream', () => {
    const config = lines(nginxConfig(options));
    expect(config).toContain('listen 127.0.0.1:18080;');
    expect(config).toContain('server 127.0.0.1:19100;');
    expect(config).toContain('location / {');
    expect(config).toContain('proxy_pass http://backend;');
  });

  it('keeps upstream connections alive', () => {
    const config = lines(nginxConfig({ ...options, keepalive: 16 }));
    expect(config).toContain('keepalive 16;');
    expect(config).toContain('proxy_http_version 1.1;');
    expect(config).toContain('proxy_set_header Connection "";');
    expect(lines(nginxConfig(options))).toContain('keepalive 128;');
  });

  it('puts every temp path under tempDir', () => {
    const config = lines(nginxConfig({ ...options, tempDir: '/tmp/x/' }));
    const temps = config.filter((line) => /^\w+_temp_path /.test(line));
    expect(temps).toHaveLength(5);
    for (const line of temps) expect(line).toMatch(/^\w+_temp_path \/tmp\/x\/\w+;$/);
  });

  it('leaves pid and daemon to the command line', () => {
    const config = lines(nginxConfig(options));
    expect(config.some((line) => /^(pid|daemon)\b/.test(line))).toBe(false);
  });

  it('refuses bad ports, keepalive and temp folders', () => {
    expect(() => nginxConfig({ ...options, listenPort: 0 })).toThrow(/listenPort/);
    expect(() => nginxConfig({ ...options, upstreamPort: 70_000 })).toThrow(/upstreamPort/);
    expect(() => nginxConfig({ ...options, keepalive: 0 })).toThrow(/keepalive/);
    expect(() => nginxConfig({ ...options, tempDir: 'relative' })).toThrow(/tempDir/);
    expect(() => nginxConfig({ ...options, tempDir: '/tmp/a b' })).toThrow(/tempDir/);
  });

  it.skipIf(!existsSync(NGINX))('is accepted by nginx -t', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-test-'));
    try {
      const file = join(dir, 'nginx.conf');
      writeFileSync(file, nginxConfig({ ...options, tempDir: dir }));
      const run = () =>
        execFileSync(
          NGINX,
          ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', file, '-g', `pid ${dir}/nginx.pid;`],
          { stdio: 'pipe', timeout: 10_000 },
        );
      expect(run).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
