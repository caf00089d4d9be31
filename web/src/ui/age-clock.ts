/**
 * One timer for every age on screen ("Delayed · 5 min. ago"): an old price's age is written
 * again every `AGE_REFRESH_MS` while anything shows one, and no timer runs while nothing does.
 */
import { useSyncExternalStore } from 'react';

/** How often ages on screen are written again: finer than the minutes they mostly show. */
export const AGE_REFRESH_MS = 15_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let ticks = 0;

/** Calls `listener` every `AGE_REFRESH_MS` until the returned function is called. */
export function onAgeTick(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    ticks += 1;
    for (const each of [...listeners]) each();
  }, AGE_REFRESH_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const readTicks = () => ticks;
const noTicks = () => () => undefined;

/** Renders the caller again on every age tick while `showing` (an age is on screen). */
export function useAgeTick(showing: boolean): void {
  useSyncExternalStore(showing ? onAgeTick : noTicks, readTicks, readTicks);
}
