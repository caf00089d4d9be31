/** A listener of one event; the payload type comes from the event map. */
export type Listener<T> = (payload: T) => void;

/**
 * Reports an error thrown by a listener without unwinding the emitter's caller. The default
 * rethrows it on a fresh microtask, as a DOM EventTarget reports listener errors: loud, yet the
 * socket client that emitted stays consistent and the other listeners still run.
 */
export type ListenerErrorReporter = (error: unknown) => void;

const rethrowLater: ListenerErrorReporter = (error) => {
  queueMicrotask(() => {
    throw error;
  });
};

/**
 * A tiny typed emitter that runs in browsers, Web Workers and Node alike (no Node
 * EventEmitter). `on` returns the function that removes the listener.
 */
export function createEmitter<Events extends object>(
  reportError: ListenerErrorReporter = rethrowLater,
) {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();

  return {
    on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },

    emit<K extends keyof Events>(event: K, payload: Events[K]): void {
      const set = listeners.get(event) as Set<Listener<Events[K]>> | undefined;
      if (!set) return;
      for (const listener of set) {
        try {
          listener(payload);
        } catch (error) {
          reportError(error);
        }
      }
    },
  };
}
