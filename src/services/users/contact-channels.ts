/**
 * Contact channels (a user's email addresses): `ContactChannels` for the signed-in user on any tier, and
 * `ServerContactChannels` for any user of the project (server and admin tiers only). Redeeming a
 * verification link is `Auth.verifyEmail`.
 *
 * @example
 * const channel = yield* channels.create({ value: "ann@work.example", usedForAuth: false })
 * yield* channels.sendVerificationEmail(channel.id, { callbackUrl: "https://app.example/handler/email-verification" })
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ContactChannel, ContactChannelUpdate } from "../../domain/contact-channel.js"
import type { InvalidInput } from "../../errors/client/invalid-input.js"
import type { CallbackUrlRequired } from "../../errors/client/email-preconditions.js"
import type { FailureOf } from "../http/endpoint.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { Transport } from "../http/transport.js"
import type { ContactChannelsErrors, ServerContactChannelsErrors } from "./contact-channels-errors.js"

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

type Fails<Method extends keyof typeof ContactChannelsErrors> = FailureOf<typeof ContactChannelsErrors, Method>
type ServerFails<Method extends keyof typeof ServerContactChannelsErrors> = FailureOf<typeof ServerContactChannelsErrors, Method>

/** What the ContactChannels service offers; see its tag for the rules. */
export interface ContactChannelsShape {
  /** The signed-in user's addresses, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ContactChannel>, Fails<"list">>
  readonly create: (
    input: OwnContactChannelCreate
  ) => Effect.Effect<ContactChannel, InvalidInput | Fails<"create">>
  /** A new value makes the address unverified again. */
  readonly update: (
    id: string,
    patch: OwnContactChannelUpdate
  ) => Effect.Effect<ContactChannel, InvalidInput | Fails<"update">>
  readonly delete: (id: string) => Effect.Effect<void, Fails<"delete">>
  /** Emails a verification link for one address (callback URL absolute, or relative to the current page). */
  readonly sendVerificationEmail: (
    id: string,
    options?: { readonly callbackUrl?: string | undefined }
  ) => Effect.Effect<void, CallbackUrlRequired | Fails<"sendVerificationEmail">>
}

/** What the ServerContactChannels service offers; see its tag for the rules. */
export interface ServerContactChannelsShape {
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ContactChannel>, ServerFails<"list">>
  readonly create: (
    input: ServerContactChannelCreate
  ) => Effect.Effect<ContactChannel, InvalidInput | ServerFails<"create">>
  readonly update: (
    userId: string,
    id: string,
    patch: ContactChannelUpdate
  ) => Effect.Effect<ContactChannel, InvalidInput | ServerFails<"update">>
  readonly delete: (userId: string, id: string) => Effect.Effect<void, ServerFails<"delete">>
  readonly sendVerificationEmail: (
    userId: string,
    id: string,
    options?: { readonly callbackUrl?: string | undefined }
  ) => Effect.Effect<void, CallbackUrlRequired | ServerFails<"sendVerificationEmail">>
}

/** The signed-in user's contact channels; on every tier. */
export class ContactChannels extends /* @__PURE__ */ Context.Service<ContactChannels, ContactChannelsShape>()("stackfx/ContactChannels") {
  static readonly layer: Layer.Layer<ContactChannels, never, Transport> = /* @__PURE__ */ lazyLayer(
    ContactChannels,
    {
      list: "effect",
      create: "function",
      update: "function",
      delete: "function",
      sendVerificationEmail: "function"
    },
    () => import("../live.js").then((m) => m.makeContactChannels)
  )
}

/** Any user's contact channels; server and admin tiers only. */
export class ServerContactChannels
  extends /* @__PURE__ */ Context.Service<ServerContactChannels, ServerContactChannelsShape>()("stackfx/ServerContactChannels")
{
  static readonly layer: Layer.Layer<ServerContactChannels, never, Transport> = /* @__PURE__ */ lazyLayer(
    ServerContactChannels,
    {
      list: "function",
      create: "function",
      update: "function",
      delete: "function",
      sendVerificationEmail: "function"
    },
    () => import("../live.js").then((m) => m.makeServerContactChannels)
  )
}
