import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link.js';

describe('inviteLink (docs/product.md#routes)', () => {
  it('is the origin plus the hash route /register with the code', () => {
    expect(inviteLink('https://app.example', 'AB12CD')).toBe(
      'https://app.example/#/register?invite_code=AB12CD',
    );
  });

  it('keeps a port in the origin', () => {
    expect(inviteLink('http://127.0.0.1:5173', 'X1')).toBe(
      'http://127.0.0.1:5173/#/register?invite_code=X1',
    );
  });

  it('encodes a code that is not plain text', () => {
    const link = inviteLink('https://app.example', 'a b&c=d#e');
    expect(link).toBe('https://app.example/#/register?invite_code=a%20b%26c%3Dd%23e');
    const query = new URL(link).hash.split('?')[1];
    expect(new URLSearchParams(query).get('invite_code')).toBe('a b&c=d#e');
  });
});
