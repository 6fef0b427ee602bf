/**
 * Which of a project's keys of one kind sign, will sign and still verify. Generations count up: the newest
 * is the next key (published before it signs, so a verifier that cached the key set already has it when a
 * rotation promotes it), the one below it is the current key, which signs. A key below those stopped signing
 * when the generation two above it was stored, and verifies for a grace period after that: tokens it signed
 * stay valid until they expire, and a token signed with a key retired longer ago cannot be an unexpired one,
 * so whoever holds a retired key cannot mint tokens with it past that period.
 */

interface Generational {
  readonly kid: string
  readonly generation: number
  readonly createdAt: Date
}

export interface KeyRing<K extends Generational> {
  /** The key that signs. */
  readonly current: K
  /** The key a rotation promotes; absent only for a kind stored with one key (before its next is made). */
  readonly next: K | undefined
  /** Keys that stopped signing within the grace period, newest first. */
  readonly retired: ReadonlyArray<K>
}

/** The ring of one kind's keys at `nowMillis`; undefined without a key. */
export const keyRing = <K extends Generational>(
  keys: ReadonlyArray<K>,
  nowMillis: number,
  graceMillis: number
): KeyRing<K> | undefined => {
  const newestFirst = [...keys].sort((a, b) => b.generation - a.generation)
  const [newest, second] = newestFirst
  if (newest === undefined) return undefined
  if (second === undefined) return { current: newest, next: undefined, retired: [] }
  const retired = newestFirst.filter((_key, index) => {
    // Stopped signing when the key two generations above it was stored.
    const successor = newestFirst[index - 2]
    return index >= 2 && successor !== undefined && nowMillis < successor.createdAt.getTime() + graceMillis
  })
  return { current: second, next: newest, retired }
}

/** The ring's keys a verifier trusts, the signing one first: current, next, then the retired ones. */
export const trustedKeys = <K extends Generational>(ring: KeyRing<K>): ReadonlyArray<K> => [
  ring.current,
  ...(ring.next === undefined ? [] : [ring.next]),
  ...ring.retired
]
