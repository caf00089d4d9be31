import { describe, expect, it } from 'vitest';
import { createEmitter } from './socket-emitter.js';

interface Events {
  count: number;
  name: string;
}

describe('createEmitter', () => {
  it('delivers each payload to the listeners of its event, in order', () => {
    const emitter = createEmitter<Events>();
    const seen: string[] = [];
    emitter.on('count', (n) => seen.push(`a${n}`));
    emitter.on('count', (n) => seen.push(`b${n}`));
    emitter.on('name', (s) => seen.push(s));
    emitter.emit('count', 1);
    emitter.emit('name', 'x');
    expect(seen).toEqual(['a1', 'b1', 'x']);
  });

  it('stops delivering once the returned function is called', () => {
    const emitter = createEmitter<Events>();
    const seen: number[] = [];
    const off = emitter.on('count', (n) => seen.push(n));
    emitter.emit('count', 1);
    off();
    off();
    emitter.emit('count', 2);
    expect(seen).toEqual([1]);
  });

  it('reports a throwing listener and still runs the others', () => {
    const reported: unknown[] = [];
    const emitter = createEmitter<Events>((error) => reported.push(error));
    const seen: number[] = [];
    const boom = new Error('boom');
    emitter.on('count', () => {
      throw boom;
    });
    emitter.on('count', (n) => seen.push(n));
    expect(() => emitter.emit('count', 3)).not.toThrow();
    expect(seen).toEqual([3]);
    expect(reported).toEqual([boom]);
  });
});
