import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"

/** A registered passkey, as verification needs it back at sign-in. */
export interface StoredPasskey {
  /** Base64url credential id, unique across the project. */
  readonly credentialId: string
  readonly userId: string
  /** The COSE-encoded public key. */
  readonly publicKey: Uint8Array<ArrayBuffer>
  /** The signature counter last seen; a clone of the authenticator shows up as a counter that goes back. */
  readonly counter: number
  readonly transports: ReadonlyArray<string>
  /** The hostname the passkey was registered for. */
  readonly rpId: string
}

/** The persistence under passkeys failed; the store implementation puts its own error in `cause`. */
export class PasskeyStoreError extends Schema.TaggedError<PasskeyStoreError>()("PasskeyStoreError", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect())
}) {}

/** Where passkeys live. The local backend's SQL store implements it; `memoryPasskeyStore` serves tests. */
export interface PasskeyStore {
  readonly insert: (passkey: StoredPasskey) => Effect.Effect<void, PasskeyStoreError>
  readonly findByCredentialId: (credentialId: string) => Effect.Effect<StoredPasskey | undefined, PasskeyStoreError>
  readonly updateCounter: (credentialId: string, counter: number) => Effect.Effect<void, PasskeyStoreError>
}

/** A passkey store in a Ref. */
export const memoryPasskeyStore: Effect.Effect<PasskeyStore> = Effect.map(
  Ref.make<ReadonlyMap<string, StoredPasskey>>(new Map()),
  (ref): PasskeyStore => ({
    insert: (passkey) => Ref.update(ref, (all) => new Map(all).set(passkey.credentialId, passkey)),
    findByCredentialId: (id) => Effect.map(Ref.get(ref), (all) => all.get(id)),
    updateCounter: (id, counter) =>
      Ref.update(ref, (all) => {
        const found = all.get(id)
        return found === undefined ? all : new Map(all).set(id, { ...found, counter })
      })
  })
)
