import { describe, expect, it } from 'vitest';
import { readFirstAnswer } from './first-answers.js';

const envelope = (data: unknown, code = 1) => JSON.stringify({ code, msg: 'm', data });

describe('readFirstAnswer', () => {
  it('checks a first-screen answer against its schema and returns the data', () => {
    const answer = readFirstAnswer('companyStatus', {
      status: 200,
      text: envelope({ status: 1, type: 0, loss_url: '' }),
    });
    expect(answer).toEqual({ ok: true, data: { status: 1, type: 0, loss_url: '' } });
    const categories = readFirstAnswer('categories', {
      status: 200,
      text: envelope([{ Id: 1, NameShowTrans: 'Forex Majors' }]),
    });
    expect(categories).toEqual({ ok: true, data: [{ Id: 1, NameShowTrans: 'Forex Majors' }] });
  });

  it('answers ok: false for an error code, a broken envelope, bad data or an unknown call', () => {
    const refused = [
      readFirstAnswer('categories', { status: 200, text: envelope(null, 500) }),
      readFirstAnswer('categories', { status: 502, text: '<html>bad gateway</html>' }),
      readFirstAnswer('categories', { status: 200, text: envelope([{ Id: 'one' }]) }),
      readFirstAnswer('companyStatus', { status: 200, text: envelope({ status: 'up' }) }),
      readFirstAnswer('userInfo' as 'categories', { status: 200, text: envelope({}) }),
      readFirstAnswer('__proto__' as 'categories', { status: 200, text: envelope({}) }),
    ];
    for (const answer of refused) expect(answer).toEqual({ ok: false });
  });
});
