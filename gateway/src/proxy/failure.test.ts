import { errors } from 'undici';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from './failure.js';

describe('classifyFailure', () => {
  it("names undici's connect, headers and body deadlines and a fetch timeout as timeouts", () => {
    expect(classifyFailure(new errors.ConnectTimeoutError())).toBe('timeout');
    expect(classifyFailure(new errors.HeadersTimeoutError())).toBe('timeout');
    expect(classifyFailure(new errors.BodyTimeoutError())).toBe('timeout');
    expect(classifyFailure(new DOMException('late', 'TimeoutError'))).toBe('timeout');
  });

  it("looks through reply-from's wrapper at the error it wraps", () => {
    const late = Object.assign(new Error('no answer in time'), { name: 'TimeoutError' });
    const wrapped = Object.assign(new Error(late.message, { cause: late }), { statusCode: 500 });
    expect(classifyFailure(wrapped)).toBe('timeout');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyFailure(new Error('wrapped', { cause: refused }))).toBe('unavailable');
  });

  it('names anything else, a refused connection or a reset socket, unavailable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyFailure(refused)).toBe('unavailable');
    expect(classifyFailure(new errors.SocketError('other side closed'))).toBe('unavailable');
    expect(classifyFailure('boom')).toBe('unavailable');
  });
});
