import type { ClaimPort, DueItem, DueStore, FireTicket, QueueName } from './types.ts';

/**
 * An in-memory model of what PostgreSQL holds for the scheduler: due items, each game's current seq,
 * and claimed firings. Tests use it; it is also the reference the Prisma implementation must match.
 * Shared by two schedulers it behaves like the one database two processes share.
 */
export class MemoryDueStore implements DueStore, ClaimPort {
  readonly #due = new Map<string, DueItem>();
  readonly #seq = new Map<string, number>();
  readonly #claimed = new Set<string>();

  async listDue(): Promise<readonly DueItem[]> {
    return [...this.#due.values()];
  }

  put(item: DueItem): void {
    this.#due.set(`${item.queue}\u0000${item.key}`, item);
    if (!this.#seq.has(item.data.gameId)) this.#seq.set(item.data.gameId, item.data.seq);
  }

  remove(queue: QueueName, key: string): void {
    this.#due.delete(`${queue}\u0000${key}`);
  }

  /** Records that a game moved on (a command was appended), so older jobs are stale. */
  setGameSeq(gameId: string, seq: number): void {
    this.#seq.set(gameId, seq);
  }

  /** True once per `(fireId, attempt)`, and only while the game is still at the ticket's seq. */
  async claim(ticket: FireTicket): Promise<boolean> {
    const current = this.#seq.get(ticket.gameId);
    if (current !== undefined && current !== ticket.seq) return false;
    const id = `${ticket.fireId}#${ticket.attempt}`;
    if (this.#claimed.has(id)) return false;
    this.#claimed.add(id);
    return true;
  }
}
