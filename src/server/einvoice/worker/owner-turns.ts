/**
 * Waiting items per owner (a creditor), taken owners in turn (round robin, issue 27): an owner with
 * ten items waiting delays another owner's item by at most one turn, not ten. Used by the reader's
 * queue (worker-pool.ts) and by the uploads waiting for a buffer (upload-buffers.ts).
 *
 * @example
 * const turns = new OwnerTurns<string>();
 * turns.push('A', 'a1'); turns.push('A', 'a2'); turns.push('B', 'b1');
 * turns.shift(); // 'a1'; then 'b1', then 'a2'
 */
export class OwnerTurns<T> {
  /** a Map keeps insertion order: its first owner has the next turn */
  private readonly queues = new Map<string, T[]>();

  push(owner: string, item: T): void {
    const queue = this.queues.get(owner);
    if (queue) queue.push(item);
    else this.queues.set(owner, [item]);
  }

  /** The next owner's first item; the owner moves to the end of the turn. */
  shift(): T | undefined {
    for (const [owner, queue] of this.queues) {
      this.queues.delete(owner);
      const item = queue.shift();
      if (queue.length > 0) this.queues.set(owner, queue);
      if (item !== undefined) return item;
    }
    return undefined;
  }

  /** Takes an item out of its owner's queue (one that stopped waiting); whether it was there. */
  remove(owner: string, item: T): boolean {
    const queue = this.queues.get(owner);
    const index = queue?.indexOf(item) ?? -1;
    if (index === -1) return false;
    queue!.splice(index, 1);
    if (queue!.length === 0) this.queues.delete(owner);
    return true;
  }

  /** Items waiting, of every owner. */
  get size(): number {
    let waiting = 0;
    for (const queue of this.queues.values()) waiting += queue.length;
    return waiting;
  }

  /** Every waiting item, in owner order; the turns are empty afterwards. */
  drain(): T[] {
    const items = [...this.queues.values()].flat();
    this.queues.clear();
    return items;
  }
}
