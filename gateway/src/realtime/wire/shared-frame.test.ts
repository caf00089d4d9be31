import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messageOf, readWire } from '../test-support/wire-tap.js';
import { DEFLATE_FROM_BYTES, deflateMessage, SharedFrame } from './shared-frame.js';

/** The one frame of `framed`, read as a browser reads it (after an empty 101 answer). */
function read(framed: Buffer) {
  const [frame] = readWire(Buffer.concat([Buffer.from('HTTP/1.1 101\r\n\r\n'), framed])).frames;
  if (!frame) throw new Error('no frame');
  return frame;
}

/** A quote frame whose second half repeats its first 1.5 KB apart: past a 10-bit window. */
function farRepeats(): Buffer {
  const code = randomBytes(750).toString('hex');
  return Buffer.from(
    JSON.stringify({
      type: 'DAY_MARKET',
      code: 1,
      data: [
        { Id: 1, Code: code },
        { Id: 2, Code: code },
      ],
    }),
  );
}

describe('deflateMessage', () => {
  it('deflates one message alone, without the sync flush tail (RFC 7692)', () => {
    const text = Buffer.from(JSON.stringify({ type: 'DAY_MARKET', data: 'EURUSD '.repeat(200) }));
    const deflated = deflateMessage(text, 15);
    expect(deflated.length).toBeLessThan(text.length / 10);
    expect(deflated.subarray(-4)).not.toEqual(Buffer.from([0, 0, 0xff, 0xff]));
    expect(messageOf({ opcode: 1, compressed: true, payload: deflated })).toEqual(text);
  });
});

describe('SharedFrame', () => {
  it('frames a short message once, plain for every browser', () => {
    const frame = SharedFrame.of('pong');
    const plain = frame.wire(0);
    expect(frame.wire(15)).toBe(plain);
    expect(read(plain)).toMatchObject({ compressed: false, payload: Buffer.from('pong') });
  });

  it('compresses a long message once per window and hands every browser the same bytes', () => {
    const text = Buffer.from(JSON.stringify({ type: 'DAY_MARKET', data: 'x'.repeat(900) }));
    expect(text.length).toBeGreaterThan(DEFLATE_FROM_BYTES);
    const frame = new SharedFrame(text);
    const deflated = frame.wire(15);
    expect(frame.wire(15)).toBe(deflated);
    expect(frame.wire(0)).toBe(frame.wire(0));
    expect(read(frame.wire(0))).toMatchObject({ compressed: false, payload: text });
    expect(read(deflated).compressed).toBe(true);
    expect(messageOf(read(deflated))).toEqual(text);
  });

  it('keeps to a smaller window a browser asked for', () => {
    const text = farRepeats();
    const frame = new SharedFrame(text);
    const wide = read(frame.wire(15));
    const narrow = read(frame.wire(10));
    expect(wide.payload.length).toBeLessThan(narrow.payload.length);
    expect(messageOf(narrow, 10)).toEqual(text);
    // The 15-bit frame reaches back further than a 10-bit inflater can.
    expect(() => messageOf(wide, 10)).toThrow(/distance too far back/);
    expect(messageOf(wide, 15)).toEqual(text);
  });

  it('goes plain when deflate would not make it smaller, or the window is below zlib’s', () => {
    const noise = new SharedFrame(randomBytes(2000));
    expect(read(noise.wire(15))).toMatchObject({ compressed: false, payload: noise.text });
    const frame = new SharedFrame(farRepeats());
    expect(frame.wire(8)).toBe(frame.wire(0));
  });
});
