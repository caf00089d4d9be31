/**
 * The traders the logged-in sockets and the token calls act as: demo accounts opened on the
 * target as the app opens one (`createAccountDemoForU`), or the tokens of a file, one a line.
 */
import { readFileSync } from 'node:fs';
import { createRestClient, loginFrameSchema, routes } from '@pipstream/protocol';

/** The run cannot start as asked: exit 3 with this message. */
export class SetupError extends Error {}

/** Demo accounts opened at once: a target's pacing of account creation is not the subject. */
const AT_ONCE = 4;
const CALL_TIMEOUT_MS = 15_000;

/** Opens `count` demo accounts on the target; resolves their tokens. */
export async function openDemoAccounts(restUrl: string, count: number, lang: string) {
  const api = createRestClient(routes, {
    baseUrl: restUrl,
    getLang: () => lang,
    timeoutMs: CALL_TIMEOUT_MS,
  });
  const open = async () => (await api.call('createAccountDemoForU', {})).token;
  let first: string;
  try {
    first = await open();
  } catch (error) {
    throw new SetupError(
      `the target opened no demo account (createAccountDemoForU: ${(error as Error).message}); ` +
        'log in with --tokens FILE, or run with --logged-in 0 --rest public',
    );
  }
  const tokens = [first];
  while (tokens.length < count) {
    const batch = Math.min(AT_ONCE, count - tokens.length);
    tokens.push(...(await Promise.all(Array.from({ length: batch }, open))));
  }
  return tokens;
}

/** The tokens of `file`: one a line, blank lines and `#` comments skipped. */
export function readTokens(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SetupError(`--tokens: cannot read ${file}: ${(error as Error).message}`);
  }
  const tokens: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!loginFrameSchema.shape.token.safeParse(line).success) {
      throw new SetupError(
        `--tokens: line ${index + 1} of ${file} is not a token (1 to 512 characters)`,
      );
    }
    tokens.push(line);
  });
  if (tokens.length === 0) throw new SetupError(`--tokens: ${file} holds no token`);
  return tokens;
}
