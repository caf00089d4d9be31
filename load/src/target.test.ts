import { describe, expect, it } from 'vitest';
import { foreignHosts, isLoopbackHost, resolveTarget, TargetError } from './target.js';

describe('the target', () => {
  it('puts the socket at /v1/ws on the same host, with the lang the app adds', () => {
    expect(resolveTarget({ target: 'http://127.0.0.1:8080', lang: 'en' })).toEqual({
      restUrl: 'http://127.0.0.1:8080',
      socketUrl: 'ws://127.0.0.1:8080/v1/ws?lang=en',
      origin: 'http://127.0.0.1:8080',
      referenceUrl: 'ws://127.0.0.1:8080/v1/ws?lang=en',
      referenceIsUpstream: false,
    });
    const secure = resolveTarget({ target: 'https://staging.example.com/', lang: 'vi' });
    expect(secure.socketUrl).toBe('wss://staging.example.com/v1/ws?lang=vi');
  });

  it('measures against the upstream when --reference names it, however it is written', () => {
    const target = resolveTarget({
      target: 'http://127.0.0.1:8080',
      reference: 'http://127.0.0.1:9100',
      lang: 'en',
    });
    expect(target.referenceUrl).toBe('ws://127.0.0.1:9100/v1/ws');
    expect(target.referenceIsUpstream).toBe(true);
  });

  it('refuses what it cannot load, naming the flag', () => {
    const refused = (input: Parameters<typeof resolveTarget>[0]) => {
      expect(() => resolveTarget(input)).toThrow(TargetError);
      try {
        resolveTarget(input);
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused({ target: 'ftp://x', lang: 'en' })).toContain('expected http or https');
    expect(refused({ target: 'http://x/app', lang: 'en' })).toContain(
      "give the deployment's origin",
    );
    expect(refused({ target: 'http://u:p@x', lang: 'en' })).toContain('credentials');
    expect(refused({ target: 'http://x', socketUrl: 'http://x/ws', lang: 'en' })).toContain(
      '--socket-url',
    );
  });
});

describe('safety', () => {
  it('counts only literal loopback addresses and localhost as this machine', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.8.7', '[::1]', '::1', 'api.localhost']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['10.0.0.1', 'staging.example.com', '192.0.2.1', '[::2]', 'localhost.com']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('names every host of the run that is not this machine', () => {
    const target = resolveTarget({
      target: 'http://127.0.0.1:8080',
      reference: 'ws://upstream.example.com',
      lang: 'en',
    });
    expect(foreignHosts(target)).toEqual(['upstream.example.com']);
    expect(foreignHosts(resolveTarget({ target: 'http://localhost:8080', lang: 'en' }))).toEqual(
      [],
    );
  });
});
