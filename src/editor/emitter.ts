/** A small typed event emitter: `on` a type of event, with its payload; `emit` calls each listener in turn. */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Listens to one type of event; returns the function that stops listening. */
  on<K extends keyof Events>(type: K, listener: (payload: Events[K]) => void): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(type: K, payload: Events[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])])
      (listener as (p: Events[K]) => void)(payload);
  }
}
