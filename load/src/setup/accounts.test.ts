import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTokens, SetupError } from './accounts.js';

function tokenFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pipstream-load-tokens-')), 'tokens.txt');
  writeFileSync(file, text);
  return file;
}

describe('a file of tokens', () => {
  it('reads one token a line, skipping blank lines and comments', () => {
    expect(readTokens(tokenFile('# staging traders\nabc123\n\n  def456  \n'))).toEqual([
      'abc123',
      'def456',
    ]);
  });

  it('names the line that is not a token, and a file with none', () => {
    const long = 'x'.repeat(513);
    expect(() => readTokens(tokenFile(`ok\n${long}\n`))).toThrow(
      /--tokens: line 2 of .* is not a token \(1 to 512 characters\)/,
    );
    expect(() => readTokens(tokenFile('# nobody\n'))).toThrow(/holds no token/);
    expect(() => readTokens('/nonexistent/tokens.txt')).toThrow(SetupError);
  });
});
