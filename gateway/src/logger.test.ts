import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/v1/ws?token=abc&lang=en', '/v1/ws?token=[redacted]&lang=en'],
    ['/api/x?access_token=abc', '/api/x?access_token=[redacted]'],
    [
      '/api/x?AUTHORIZATION=Bearer%20abc&t=1732700000000',
      '/api/x?AUTHORIZATION=[redacted]&t=1732700000000',
    ],
    [
      '/api/x?apiKey=k&api-key=k&key=k&sig=s&session_id=1',
      '/api/x?apiKey=[redacted]&api-key=[redacted]&key=[redacted]&sig=[redacted]&session_id=[redacted]',
    ],
    ['/api/x?password=hunter2&id=7#frag', '/api/x?password=[redacted]&id=7#frag'],
    // Named innocently, but shaped like a credential.
    ['/api/x?q=d3b07384d113edec49eaa6238ad5ff00', '/api/x?q=[redacted]'],
    ['/api/x?d3b07384d113edec49eaa6238ad5ff00', '/api/x?[redacted]'],
    ['/api/x?to%6Ben=abc', '/api/x?to%6Ben=[redacted]'],
    ['/api/x?x=1;token=abc&y=2', '/api/x?x=1;token=[redacted]&y=2'],
    ['/v1/ws?lang=en;access_token=abc;t=1', '/v1/ws?lang=en;access_token=[redacted];t=1'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/v1/api/forex/trade_list?t=1732700000000&searchCurrency=EUR',
    '/v1/api/forex/kline?code=EURUSD&period=1min&size=300',
    '/api/news/detail?id=42&lang=en',
    '/healthz',
    '/api/x?%E0%A4%A=1',
  ])('keeps %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
