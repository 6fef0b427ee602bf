/**
 * Contact channels (a user's email addresses): `ContactChannels` for the signed-in user on any tier, and
 * `ServerContactChannels` for any user of the project (server and admin tiers only). Redeeming a
 * verification link is `Auth.verifyEmail`.
 *
 * @example
 * const channel = yield* channels.create({ value: "ann@work.example", usedForAuth: false })
 * yield* channels.sendVerificationEmail(channel.id, { callbackUrl: "https://app.example/handler/email-verification" })
 */
import * as Effect from "effect/Effect"
import { caller, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ContactChannelsApi } from "../../contract/contact-channels.js"
import type { ContactChannelUpdate } from "../../domain/contact-channel.js"
import type { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"

/** A new address of the signed-in user. */
export interface OwnContactChannelCreate {
  readonly value: string
  /** Whether the address signs the user in (it must then be nobody else's sign-in address). */
  readonly usedForAuth: boolean
  readonly isPrimary?: boolean | undefined
}

/** What the signed-in user may change about an address (verification is the server's or the link's). */
export type OwnContactChannelUpdate = Omit<ContactChannelUpdate, "isVerified">

/** A new address of any user (server tier). */
export interface ServerContactChannelCreate extends OwnContactChannelCreate {
  readonly userId: string
  readonly isVerified?: boolean | undefined
}

/** How a verification link is asked for: its callback URL, absolute or relative to the current page. */
export interface VerificationEmailOptions {
  readonly callbackUrl?: string | undefined
}

/**
 * What asking for a verification link can fail with. The callback URL, once resolved, always encodes: an
 * `InvalidInput` is a channel or user id the path's schema refuses (not a UUID), nothing sent.
 */
export type ChannelVerificationFailure<V extends "client" | "server"> =
  | CallbackUrlRequired
  | CallFailureAt<typeof ContactChannelsApi.sendVerificationCode, V>

const channel = (userId: string, id: string) => ({ params: { user_id: userId, contact_channel_id: id } })
const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined

/** The fields of a client's own update, without the server-only `isVerified` however the object was built. */
const ownUpdate = (patch: OwnContactChannelUpdate): OwnContactChannelUpdate => ({
  ...(patch.value === undefined ? {} : { value: patch.value }),
  ...(patch.type === undefined ? {} : { type: patch.type }),
  ...(patch.usedForAuth === undefined ? {} : { usedForAuth: patch.usedForAuth }),
  ...(patch.isPrimary === undefined ? {} : { isPrimary: patch.isPrimary })
})

/** The signed-in user's contact channels; on every tier. */
export const ContactChannelsCalls = {
  /** The signed-in user's addresses, oldest first. */
  list: effectCall(ContactChannelsApi.list, "client", { input: () => ({ query: { user_id: "me" } }), output: items }),
  // Only the fields a client may send: the hosted client schemas refuse `is_verified` (SCHEMA_ERROR), and an
  // object a caller passes may carry more keys than its type names.
  create: functionCall(ContactChannelsApi.create, "client", (input: OwnContactChannelCreate) => ({
    body: {
      userId: "me",
      value: input.value,
      type: "email" as const,
      usedForAuth: input.usedForAuth,
      ...(input.isPrimary === undefined ? {} : { isPrimary: input.isPrimary })
    }
  })),
  /** A new value makes the address unverified again. */
  update: functionCall(ContactChannelsApi.update, "client", (id: string, patch: OwnContactChannelUpdate) => ({
    ...channel("me", id),
    body: ownUpdate(patch)
  })),
  delete: functionCall(ContactChannelsApi.delete, "client", (id: string) => channel("me", id), nothing),
  /** Emails a verification link for one address (callback URL absolute, or relative to the current page). */
  sendVerificationEmail:
    custom<
      (id: string, options?: VerificationEmailOptions) => Effect.Effect<void, ChannelVerificationFailure<"client">>
    >("function")
}

/** Any user's contact channels; server and admin tiers only. */
export const ServerContactChannelsCalls = {
  list: functionCall(ContactChannelsApi.list, "server", (userId: string) => ({ query: { user_id: userId } }), items),
  create: functionCall(ContactChannelsApi.create, "server", (input: ServerContactChannelCreate) => ({
    body: {
      userId: input.userId,
      value: input.value,
      type: "email" as const,
      usedForAuth: input.usedForAuth,
      ...(input.isPrimary === undefined ? {} : { isPrimary: input.isPrimary }),
      ...(input.isVerified === undefined ? {} : { isVerified: input.isVerified })
    }
  })),
  update: functionCall(
    ContactChannelsApi.update,
    "server",
    (userId: string, id: string, patch: ContactChannelUpdate) => ({
      ...channel(userId, id),
      body: patch
    })
  ),
  delete: functionCall(ContactChannelsApi.delete, "server", channel, nothing),
  sendVerificationEmail:
    custom<
      (
        userId: string,
        id: string,
        options?: VerificationEmailOptions
      ) => Effect.Effect<void, ChannelVerificationFailure<"server">>
    >("function")
}

/** Emails a verification link for one address of `userId`, the callback URL resolved first. */
const verificationEmail = <V extends "client" | "server">(view: V) =>
  Effect.map(Transport, (transport) => {
    const call = caller(transport, ContactChannelsApi.sendVerificationCode, view)
    return (
      userId: string,
      id: string,
      options: VerificationEmailOptions = {}
    ): Effect.Effect<void, ChannelVerificationFailure<V>> =>
      Effect.gen(function* () {
        const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
        yield* call({ params: { user_id: userId, contact_channel_id: id }, body: { callbackUrl } })
      })
  })

export const makeContactChannels = implement(
  ContactChannelsCalls,
  Effect.map(verificationEmail("client"), (send) => ({
    sendVerificationEmail: (id: string, options?: VerificationEmailOptions) => send("me", id, options)
  }))
)

export const makeServerContactChannels = implement(
  ServerContactChannelsCalls,
  Effect.map(verificationEmail("server"), (send) => ({ sendVerificationEmail: send }))
)
