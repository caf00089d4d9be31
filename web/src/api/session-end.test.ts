import { describe, expect, it } from 'vitest';
import { loginAfterSessionEnd } from './index.js';

describe('where a 999 sends the user', () => {
  it('goes to /login, remembering the page to come back to', () => {
    expect(loginAfterSessionEnd('/order?type=3')).toBe('/login?from=%2Forder%3Ftype%3D3');
    expect(loginAfterSessionEnd('/')).toBe('/login?from=%2F');
  });

  it("keeps the login screen as it is, so a second 999 does not lose the first one's from", () => {
    const first = loginAfterSessionEnd('/order?type=3');
    expect(loginAfterSessionEnd(first)).toBe(first);
    expect(loginAfterSessionEnd('/login')).toBe('/login');
  });
});
