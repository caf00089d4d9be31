import type { WithdrawRecord } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { recordTone, recordView } from './withdraw-records.js';

const coinRecord: WithdrawRecord = {
  id: 4,
  number: '100.5',
  real_number: '99.5',
  fee: '1',
  status: 0,
  status_name: 'Under review',
  created_at: '2025-03-04 05:06:07',
  type: 1,
  address: 'TMASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4d',
  payee_account: '',
  notes: '',
  draw_currency: { code: 'USDT' },
};

describe('recordView', () => {
  it('shows amounts at SPEC §9 decimals and the address of a coin withdrawal', () => {
    expect(recordView(coinRecord)).toEqual({
      amount: '100.50',
      fee: '1.000000',
      received: '99.50 USDT',
      destination: 'TMASi45ub7Qe4ZE36UT5G6cU4ud8Fhhe4d',
      toAddress: true,
      status: 'Under review',
      statusIsKey: false,
      tone: 'pending',
      time: '2025-03-04 05:06:07',
    });
  });

  it('shows what a coin receives in its own decimals', () => {
    const btc = { ...coinRecord, real_number: '0.0015323', draw_currency: { code: 'BTC' } };
    expect(recordView(btc).received).toBe('0.00153230 BTC');
  });

  it('shows the account of a bank withdrawal', () => {
    const bank = { ...coinRecord, type: 2, address: '', payee_account: '4410009877660012' };
    expect(recordView(bank)).toMatchObject({
      destination: '4410009877660012',
      toAddress: false,
    });
  });

  it('names the state itself when the server sent no name', () => {
    expect(recordView({ ...coinRecord, status: 1, status_name: ' ' })).toMatchObject({
      status: 'web.withdraw.status.paid',
      statusIsKey: true,
      tone: 'up',
    });
    expect(recordView({ ...coinRecord, status: 2, status_name: '' }).status).toBe(
      'web.withdraw.status.rejected',
    );
    expect(recordView({ ...coinRecord, status: 9, status_name: '' }).status).toBe(
      'web.withdraw.status.reviewing',
    );
  });
});

describe('recordTone', () => {
  it('colours paid up, rejected down, the rest pending', () => {
    expect(recordTone(1)).toBe('up');
    expect(recordTone(2)).toBe('down');
    expect(recordTone(0)).toBe('pending');
    expect(recordTone(7)).toBe('pending');
  });
});
