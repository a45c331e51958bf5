/**
 * The interactions a process is answering, as the outbox dispatcher reads them (`yieldTo`, commands
 * first): how many are under way, and a call back once none is. The bot begins one per interaction and
 * ends it when its handler (follow-ups included) is done.
 */
export interface Answering {
  count(): number;
  /** Calls `listener` once no interaction is being answered (at once when none is); returns its removal. */
  onIdle(listener: () => void): () => void;
}

export interface AnsweringTracker extends Answering {
  /** One interaction begins; the function returned ends it (once). */
  begin(): () => void;
  /** Listeners still waiting for the idle moment (a waiter that gave up has removed itself). */
  listening(): number;
}

export function createAnswering(): AnsweringTracker {
  let under = 0;
  const listeners = new Set<() => void>();
  return {
    count: () => under,
    listening: () => listeners.size,
    onIdle(listener) {
      if (under === 0) {
        listener();
        return () => undefined;
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    begin() {
      under += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        under -= 1;
        if (under > 0 || listeners.size === 0) return;
        const waiting = [...listeners];
        listeners.clear();
        for (const listener of waiting) listener();
      };
    },
  };
}
