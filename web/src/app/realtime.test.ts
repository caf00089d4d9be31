import { describe, expect, it } from 'vitest';
import { socketUrl } from './realtime.js';

describe('socket address (SPEC §7)', () => {
  it('is /v1/ws on the page host, secure when the page is', () => {
    expect(socketUrl({ protocol: 'https:', host: 'app.example.test' })).toBe(
      'wss://app.example.test/v1/ws',
    );
    expect(socketUrl({ protocol: 'http:', host: '192.168.1.5:8080' })).toBe(
      'ws://192.168.1.5:8080/v1/ws',
    );
  });
});
