/**
 * For unit tests of modules that call the API: replaces `api/index.ts`, for modules imported
 * from now on (after `vi.resetModules()`), by one that records each call's name and answers
 * `answer(name)`. Undo with `vi.doUnmock(API_MODULE)`.
 */
import { vi } from 'vitest';

/** The API module's path, as `vi.doMock` takes it from any test file. */
export const API_MODULE = new URL('./index.ts', import.meta.url).pathname;

/** Mocks the API module; the returned array fills with the names of the calls made. */
export function recordApiCalls(answer: (name: string) => unknown): string[] {
  const calls: string[] = [];
  vi.doMock(API_MODULE, () => ({
    api: {
      call: async (name: string) => {
        calls.push(name);
        return answer(name);
      },
    },
  }));
  return calls;
}
