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
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  ContactChannel,
  ContactChannelCreate,
  ContactChannelUpdate
} from "../domain/contact-channel.js"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import type { InvalidInput } from "../errors/client/invalid-input.js"
import type { CallbackUrlRequired } from "../errors/client/email-preconditions.js"
import { emailCallbackUrl } from "./callback-url.js"
import { type CallFailure, documented, encodeInput } from "./endpoint.js"
import { jsonBody, Transport } from "./transport.js"

const ChannelList = ListResponse(ContactChannel)

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

type SignedInTags = "CannotGetOwnUserWithoutUser"
type AuthConflictTag = "ContactChannelAlreadyUsedForAuthBySomeoneElse"

/** Failures of sending a verification link. */
type SendTags = "EmailAlreadyVerified" | "RedirectUrlNotWhitelisted"

export interface ContactChannelsShape {
  /** The signed-in user's addresses, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ContactChannel>, CallFailure<SignedInTags>>
  readonly create: (
    input: OwnContactChannelCreate
  ) => Effect.Effect<ContactChannel, InvalidInput | CallFailure<SignedInTags | AuthConflictTag>>
  /** A new value makes the address unverified again. */
  readonly update: (
    id: string,
    patch: OwnContactChannelUpdate
  ) => Effect.Effect<ContactChannel, InvalidInput | CallFailure<SignedInTags | AuthConflictTag>>
  readonly delete: (id: string) => Effect.Effect<void, CallFailure<SignedInTags>>
  /** Emails a verification link for one address (callback URL absolute, or relative to the current page). */
  readonly sendVerificationEmail: (
    id: string,
    options?: { readonly callbackUrl?: string | undefined }
  ) => Effect.Effect<void, CallbackUrlRequired | CallFailure<SignedInTags | SendTags>>
}

export interface ServerContactChannelsShape {
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ContactChannel>, CallFailure<SignedInTags>>
  readonly create: (
    input: ServerContactChannelCreate
  ) => Effect.Effect<ContactChannel, InvalidInput | CallFailure<SignedInTags | AuthConflictTag | "UserIdDoesNotExist">>
  readonly update: (
    userId: string,
    id: string,
    patch: ContactChannelUpdate
  ) => Effect.Effect<ContactChannel, InvalidInput | CallFailure<SignedInTags | AuthConflictTag>>
  readonly delete: (userId: string, id: string) => Effect.Effect<void, CallFailure<SignedInTags>>
  readonly sendVerificationEmail: (
    userId: string,
    id: string,
    options?: { readonly callbackUrl?: string | undefined }
  ) => Effect.Effect<void, CallbackUrlRequired | CallFailure<SignedInTags | SendTags | "UserIdDoesNotExist">>
}

const channelPath = (userId: string, id: string) =>
  `/contact-channels/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`

/** The calls both services share, for the user named `userId` (`"me"` for the signed-in one). */
const makeCalls = (transport: Transport["Service"]) => {
  const encodeCreate = encodeInput(ContactChannelCreate)
  const encodeUpdate = encodeInput(ContactChannelUpdate)

  const list = (userId: string) =>
    transport.requestJson({ method: "GET", path: "/contact-channels", query: { user_id: userId } }, ChannelList).pipe(
      Effect.map((answer) => answer.items),
      documented("CannotGetOwnUserWithoutUser")
    )

  const create = (input: ServerContactChannelCreate) =>
    encodeCreate({
      userId: input.userId,
      value: input.value,
      type: "email",
      usedForAuth: input.usedForAuth,
      ...(input.isPrimary === undefined ? {} : { isPrimary: input.isPrimary }),
      ...(input.isVerified === undefined ? {} : { isVerified: input.isVerified })
    }).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "POST", path: "/contact-channels", body: jsonBody(body) }, ContactChannel)
      ),
      documented("CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse", "UserIdDoesNotExist")
    )

  const update = (userId: string, id: string, patch: ContactChannelUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: channelPath(userId, id), body: jsonBody(body) }, ContactChannel)
      ),
      documented("CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse")
    )

  const remove = (userId: string, id: string) =>
    Effect.asVoid(transport.requestJson({ method: "DELETE", path: channelPath(userId, id) }, SuccessResponse)).pipe(
      documented("CannotGetOwnUserWithoutUser")
    )

  const sendVerificationEmail = (userId: string, id: string, options: { readonly callbackUrl?: string | undefined } = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
      yield* transport.requestJson({
        method: "POST",
        path: `${channelPath(userId, id)}/send-verification-code`,
        body: jsonBody({ callback_url: callbackUrl })
      }, SuccessResponse)
    }).pipe(
      documented("CannotGetOwnUserWithoutUser", "EmailAlreadyVerified", "RedirectUrlNotWhitelisted", "UserIdDoesNotExist")
    )

  return { list, create, update, remove, sendVerificationEmail }
}

/** The signed-in user's contact channels; on every tier. */
export class ContactChannels extends Context.Service<ContactChannels, ContactChannelsShape>()("stackfx/ContactChannels") {
  static readonly layer: Layer.Layer<ContactChannels, never, Transport> = Layer.effect(
    ContactChannels,
    Effect.gen(function*() {
      const calls = makeCalls(yield* Transport)
      const narrowCreate = documented("CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse")
      const narrowSend = documented("CannotGetOwnUserWithoutUser", "EmailAlreadyVerified", "RedirectUrlNotWhitelisted")
      return ContactChannels.of({
        list: calls.list("me"),
        create: (input) => narrowCreate(calls.create({ ...input, userId: "me" })),
        update: (id, patch) => calls.update("me", id, patch),
        delete: (id) => calls.remove("me", id),
        sendVerificationEmail: (id, options) => narrowSend(calls.sendVerificationEmail("me", id, options))
      })
    })
  )
}

/** Any user's contact channels; server and admin tiers only. */
export class ServerContactChannels
  extends Context.Service<ServerContactChannels, ServerContactChannelsShape>()("stackfx/ServerContactChannels")
{
  static readonly layer: Layer.Layer<ServerContactChannels, never, Transport> = Layer.effect(
    ServerContactChannels,
    Effect.gen(function*() {
      const calls = makeCalls(yield* Transport)
      return ServerContactChannels.of({
        list: calls.list,
        create: calls.create,
        update: calls.update,
        delete: calls.remove,
        sendVerificationEmail: calls.sendVerificationEmail
      })
    })
  )
}
