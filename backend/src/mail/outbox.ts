import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { randomUUID } from "node:crypto"
import { addressOf, mailboxOf, type OutgoingMail, type StoredMail } from "./message.js"

/** The persistence under the outbox failed; the store implementation puts its own error in `cause`. */
export class OutboxStoreError extends Schema.TaggedError<OutboxStoreError>()("OutboxStoreError", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {}

/** No message with this id in this mailbox. */
export class MailNotFound extends Schema.TaggedError<MailNotFound>()("MailNotFound", {
  mailbox: Schema.String,
  id: Schema.String
}) {}

/**
 * Where messages live. The local backend's SQL store implements it; `memoryOutboxStore` serves tests.
 * `list` returns the messages of one mailbox (the `mailbox` field) oldest first.
 */
export interface OutboxStore {
  readonly insert: (mail: StoredMail) => Effect.Effect<void, OutboxStoreError>
  readonly list: (mailbox: string) => Effect.Effect<ReadonlyArray<StoredMail>, OutboxStoreError>
  readonly get: (mailbox: string, id: string) => Effect.Effect<StoredMail | undefined, OutboxStoreError>
  readonly markSeen: (mailbox: string, id: string) => Effect.Effect<void, OutboxStoreError>
  /** The newest messages of all mailboxes, newest first. */
  readonly recent: (limit: number) => Effect.Effect<ReadonlyArray<StoredMail>, OutboxStoreError>
}

/** An outbox store in a Ref, for tests and `--db memory`-style throwaway runs. */
export const memoryOutboxStore: Effect.Effect<OutboxStore> = Effect.map(
  Ref.make<ReadonlyArray<StoredMail>>([]),
  (ref): OutboxStore => ({
    insert: (mail) => Ref.update(ref, (all) => [...all, mail]),
    list: (mailbox) => Effect.map(Ref.get(ref), (all) => all.filter((m) => m.mailbox === mailbox)),
    get: (mailbox, id) => Effect.map(Ref.get(ref), (all) => all.find((m) => m.mailbox === mailbox && m.id === id)),
    markSeen: (mailbox, id) =>
      Ref.update(ref, (all) => all.map((m) => (m.mailbox === mailbox && m.id === id ? { ...m, seen: true } : m))),
    recent: (limit) => Effect.map(Ref.get(ref), (all) => [...all].reverse().slice(0, Math.max(0, limit)))
  })
)

export interface OutboxOptions {
  /** Message ids; random UUIDs unless a test wants fixed ones. */
  readonly newId?: Effect.Effect<string> | undefined
}

/** The outbox: every message the local backend sends is kept here, whatever else happens to it. */
export interface OutboxShape {
  readonly add: (mail: OutgoingMail) => Effect.Effect<StoredMail, OutboxStoreError>
  /**
   * The messages of a mailbox name, oldest first. A name with `@` is a full address and only matches messages
   * to that address; otherwise it is a local part, as with Inbucket's default naming.
   */
  readonly list: (name: string) => Effect.Effect<ReadonlyArray<StoredMail>, OutboxStoreError>
  /** One message; reading it marks it seen (the returned value still shows the state before reading). */
  readonly get: (name: string, id: string) => Effect.Effect<StoredMail, MailNotFound | OutboxStoreError>
  readonly recent: (limit: number) => Effect.Effect<ReadonlyArray<StoredMail>, OutboxStoreError>
}

const matchesName = (name: string) => {
  const wanted = name.trim().toLowerCase()
  return wanted.includes("@") ? (mail: StoredMail) => addressOf(mail.to).toLowerCase() === wanted : () => true
}

/** Build the outbox over a store. */
export const makeOutbox = (store: OutboxStore, options: OutboxOptions = {}): OutboxShape => {
  const newId = options.newId ?? Effect.sync(() => randomUUID())
  return {
    add: (mail) =>
      Effect.gen(function* () {
        const stored: StoredMail = {
          ...mail,
          id: yield* newId,
          mailbox: mailboxOf(mail.to),
          createdAt: new Date(yield* Clock.currentTimeMillis),
          seen: false
        }
        yield* store.insert(stored)
        return stored
      }),
    list: (name) => Effect.map(store.list(mailboxOf(name)), (all) => all.filter(matchesName(name))),
    get: (name, id) =>
      Effect.gen(function* () {
        const mailbox = mailboxOf(name)
        const found = yield* store.get(mailbox, id)
        if (found === undefined || !matchesName(name)(found)) return yield* new MailNotFound({ mailbox: name, id })
        if (!found.seen) yield* store.markSeen(mailbox, id)
        return found
      }),
    recent: (limit) => store.recent(limit)
  }
}

/** The local backend's outbox as a service. */
export class Outbox extends Context.Service<Outbox, OutboxShape>()("stackfx-backend/Outbox") {
  /** An outbox over the given store. */
  static readonly layer = (store: OutboxStore, options?: OutboxOptions): Layer.Layer<Outbox> =>
    Layer.succeed(Outbox, makeOutbox(store, options))

  /** An outbox that keeps messages in memory. */
  static readonly layerMemory: Layer.Layer<Outbox> = Layer.effect(
    Outbox,
    Effect.map(memoryOutboxStore, (store) => makeOutbox(store))
  )
}
