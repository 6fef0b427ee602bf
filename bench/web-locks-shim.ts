/**
 * The part of the Web Locks API (`navigator.locks.request(name, { signal }, callback)`) the tab sync uses,
 * for Node: exclusive locks granted in request order, shared by everything holding this object, the way
 * one browser origin's tabs share `navigator.locks`.
 */
export class LockManagerShim {
  private readonly tails = new Map<string, Promise<void>>()
  /** How many times a lock was asked for. */
  requests = 0

  request(name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    this.requests++
    const previous = this.tails.get(name) ?? Promise.resolve()
    let release: () => void = () => undefined
    const mine = new Promise<void>((resolve) => {
      release = resolve
    })
    this.tails.set(
      name,
      previous.then(() => mine)
    )
    return previous.then(async () => {
      try {
        if (options.signal.aborted) throw new DOMException("The lock request was aborted", "AbortError")
        return await callback()
      } finally {
        release()
      }
    })
  }
}
