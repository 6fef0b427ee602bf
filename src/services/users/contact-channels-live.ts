/**
 * The implementations of {@link ContactChannels} and {@link ServerContactChannels}, loaded on first use (see
 * lazy-service.ts).
 */
import * as Effect from "effect/Effect"
import { CallbackUrlRequest } from "../../domain/auth-requests.js"
import { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "../../domain/contact-channel.js"
import { ListResponse } from "../../domain/list.js"
import { SuccessResponse } from "../../domain/success.js"
import { emailCallbackUrl } from "../navigation/callback-url.js"
import type {
  ContactChannelsShape,
  OwnContactChannelUpdate,
  ServerContactChannelCreate,
  ServerContactChannelsShape
} from "./contact-channels.js"
import { announcing } from "../changes/data-changes.js"
import { documented } from "../http/endpoint.js"
import { jsonBody, Transport } from "../http/transport.js"
import { contactChannelsChanges, serverContactChannelsChanges } from "../changes/write-keys.js"
import { ContactChannelsErrors, ServerContactChannelsErrors } from "./contact-channels-errors.js"
import { encodeBuilt, encodeInput } from "../http/wire-codec.js"

const ChannelList = ListResponse(ContactChannel)
const encodeCallback = encodeBuilt(CallbackUrlRequest)

const channelPath = (userId: string, id: string) =>
  `/contact-channels/${encodeURIComponent(userId)}/${encodeURIComponent(id)}`

/**
 * The calls both services share, for the user named `userId` (`"me"` for the signed-in one), narrowed to the
 * server table; the signed-in user's service narrows each further to its own.
 */
const makeCalls = (transport: Transport["Service"]) => {
  const encodeCreate = encodeInput(ContactChannelCreate)
  const encodeUpdate = encodeInput(ContactChannelUpdate)

  const list = (userId: string) =>
    transport.requestJson({ method: "GET", path: "/contact-channels", query: { user_id: userId } }, ChannelList).pipe(
      Effect.map((answer) => answer.items),
      documented(...ServerContactChannelsErrors.list)
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
      documented(...ServerContactChannelsErrors.create)
    )

  const update = (userId: string, id: string, patch: ContactChannelUpdate) =>
    encodeUpdate(patch).pipe(
      Effect.flatMap((body) =>
        transport.requestJson({ method: "PATCH", path: channelPath(userId, id), body: jsonBody(body) }, ContactChannel)
      ),
      documented(...ServerContactChannelsErrors.update)
    )

  const remove = (userId: string, id: string) =>
    Effect.asVoid(transport.requestJson({ method: "DELETE", path: channelPath(userId, id) }, SuccessResponse)).pipe(
      documented(...ServerContactChannelsErrors.delete)
    )

  const sendVerificationEmail = (userId: string, id: string, options: { readonly callbackUrl?: string | undefined } = {}) =>
    Effect.gen(function*() {
      const callbackUrl = yield* emailCallbackUrl("emailVerification", options.callbackUrl)
      yield* transport.requestJson({
        method: "POST",
        path: `${channelPath(userId, id)}/send-verification-code`,
        body: jsonBody(yield* encodeCallback({ callbackUrl }))
      }, SuccessResponse)
    }).pipe(
      documented(...ServerContactChannelsErrors.sendVerificationEmail)
    )

  return { list, create, update, remove, sendVerificationEmail }
}

/** The fields of a client's own update, without the server-only `isVerified` however the object was built. */
const ownUpdate = (patch: OwnContactChannelUpdate): OwnContactChannelUpdate => ({
  ...(patch.value === undefined ? {} : { value: patch.value }),
  ...(patch.type === undefined ? {} : { type: patch.type }),
  ...(patch.usedForAuth === undefined ? {} : { usedForAuth: patch.usedForAuth }),
  ...(patch.isPrimary === undefined ? {} : { isPrimary: patch.isPrimary })
})

export const makeContactChannels: Effect.Effect<ContactChannelsShape, never, Transport> = announcing(contactChannelsChanges, Effect.gen(function*() {
  const calls = makeCalls(yield* Transport)
  const known = ContactChannelsErrors
  return {
    list: calls.list("me").pipe(documented(...known.list)),
    // Only the fields a client may send: the hosted client schemas refuse `is_verified` (SCHEMA_ERROR), and an
    // object a caller passes may carry more keys than its type names.
    create: (input) =>
      calls.create({
        userId: "me",
        value: input.value,
        usedForAuth: input.usedForAuth,
        ...(input.isPrimary === undefined ? {} : { isPrimary: input.isPrimary })
      }).pipe(documented(...known.create)),
    update: (id, patch) => calls.update("me", id, ownUpdate(patch)).pipe(documented(...known.update)),
    delete: (id) => calls.remove("me", id).pipe(documented(...known.delete)),
    sendVerificationEmail: (id, options) =>
      calls.sendVerificationEmail("me", id, options).pipe(documented(...known.sendVerificationEmail))
  } satisfies ContactChannelsShape
}))

export const makeServerContactChannels: Effect.Effect<ServerContactChannelsShape, never, Transport> = announcing(serverContactChannelsChanges, Effect.gen(function*() {
  const calls = makeCalls(yield* Transport)
  return {
    list: calls.list,
    create: calls.create,
    update: calls.update,
    delete: calls.remove,
    sendVerificationEmail: calls.sendVerificationEmail
  } satisfies ServerContactChannelsShape
}))
