/**
 * Contact channels: list, create, read, update and delete a user's email addresses (clients their own,
 * `me` or their id; servers anyone's), and email verification (send a link, verify its code).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CallbackUrlRequest, CodeCheckResponse, CodeRequest, EmailLinkRequest } from "@stackfx/lib/domain/auth-requests.js"
import { ContactChannel, ContactChannelCreate, ContactChannelUpdate } from "@stackfx/lib/domain/contact-channel.js"
import { ListResponse } from "@stackfx/lib/domain/list.js"
import { EmailAlreadyVerified, EmailIsNotPrimaryEmail } from "@stackfx/lib/errors/known/contact-channels.js"
import { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "@stackfx/lib/errors/known/users.js"
import type { Auth } from "../http/auth.js"
import { endpoint } from "../http/endpoint.js"
import { type RequestLine, schemaErrorOf, validate } from "../http/request.js"
import { encoded, HttpStatusError, success } from "../http/respond.js"
import {
  createContactChannel,
  deleteContactChannelOf,
  getContactChannelOf,
  sendVerificationEmail,
  updateContactChannelOf,
  verifyEmailCode
} from "../operations/contact-channels.js"
import { checkCallbackUrl } from "../operations/email.js"
import { redeemEmailedCode } from "../operations/emailed-codes.js"
import { CodePurpose } from "../operations/verification-codes.js"
import { listContactChannels, listProjectContactChannels } from "../store/contact-channels.js"
import { Db } from "../store/db.js"
import { findUserView } from "../store/users.js"
import { EmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { ALL } from "../http/access.js"

const ChannelList = ListResponse(ContactChannel)

const ListQuery = Schema.Struct({
  user_id: Schema.optionalKey(Schema.String),
  contact_channel_id: Schema.optionalKey(Schema.String)
})


type Action = "list" | "create" | "read" | "update" | "delete" | "send a verification code for"

const forbidden = (action: Action) =>
  new HttpStatusError({ status: 403, message: `Client can only ${action} contact channels for their own user.` })

/**
 * The user a request acts on: `me` is the signed-in user; a client may only name itself, a server
 * anyone of the project.
 */
const targetUserId = (auth: Auth, userId: string | undefined, action: Action) => {
  if (auth.accessType === "client") {
    if (auth.user === undefined) return Effect.fail(new CannotGetOwnUserWithoutUser({}))
    return userId === "me" || userId === auth.user.id ? Effect.succeed(auth.user.id) : Effect.fail(forbidden(action))
  }
  if (userId === "me") {
    return auth.user === undefined ? Effect.fail(new CannotGetOwnUserWithoutUser({})) : Effect.succeed(auth.user.id)
  }
  return userId === undefined
    ? Effect.fail(new HttpStatusError({ status: 400, message: "user_id is required." }))
    : Effect.succeed(userId)
}

/** Fields only the server tier may send, like the hosted service's client schemas. */
const refuseServerOnly = (auth: Auth, body: unknown, request: RequestLine) => {
  if (auth.accessType !== "client" || typeof body !== "object" || body === null || !("is_verified" in body)) {
    return Effect.void
  }
  return Effect.fail(schemaErrorOf(request, ["body.is_verified: only server and admin access may set it"]))
}

const checkEmailValue = (value: string | undefined, request: { readonly method: string; readonly originalUrl: string }) =>
  value === undefined ? Effect.void : Effect.asVoid(validate(EmailAddress, "body.value", value, request))

export const routes = [
  endpoint({
    method: "GET",
    path: "/contact-channels",
    access: ALL,
    query: ListQuery,
    handler: ({ auth, query }) =>
      Effect.gen(function*() {
        const db = yield* Db
        const all = auth.accessType !== "client" && query.user_id === undefined
        const items = all
          ? yield* listProjectContactChannels(db, auth.project.id)
          : yield* listContactChannels(db, auth.project.id, yield* targetUserId(auth, query.user_id, "list"))
        const wanted = query.contact_channel_id
        return yield* encoded(ChannelList, {
          items: wanted === undefined ? items : items.filter((c) => c.id === wanted),
          isPaginated: false
        })
      })
  }),
  endpoint({
    method: "POST",
    path: "/contact-channels",
    access: ALL,
    handler: ({ auth, body, request }) =>
      Effect.gen(function*() {
        yield* refuseServerOnly(auth, body, request)
        const input = yield* validate(ContactChannelCreate, "body", body ?? {}, request)
        yield* checkEmailValue(input.value, request)
        const userId = yield* targetUserId(auth, input.userId, "create")
        if (auth.accessType !== "client" && (yield* findUserView(yield* Db, auth.project.id, userId)) === undefined) {
          return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
        }
        const created = yield* createContactChannel(auth.project.id, {
          userId,
          type: input.type,
          value: input.value,
          usedForAuth: input.usedForAuth,
          isPrimary: input.isPrimary,
          isVerified: input.isVerified
        })
        return yield* encoded(ContactChannel, created, 201)
      })
  }),
  endpoint({
    method: "POST",
    path: "/contact-channels/send-verification-code",
    access: ALL,
    body: EmailLinkRequest,
    handler: ({ auth, body }) =>
      Effect.gen(function*() {
        const user = auth.user
        if (user === undefined) return yield* Effect.fail(new UserAuthenticationRequired({}))
        const email = body.email.trim()
        if (user.primaryEmail !== email) {
          return yield* Effect.fail(new EmailIsNotPrimaryEmail({ details: { email, primary_email: user.primaryEmail } }))
        }
        if (user.primaryEmailVerified) return yield* Effect.fail(new EmailAlreadyVerified({}))
        yield* checkCallbackUrl(auth.project, body.callbackUrl)
        yield* sendVerificationEmail({
          project: auth.project,
          userId: user.id,
          userDisplayName: user.displayName,
          email,
          callbackUrl: body.callbackUrl
        })
        return success
      })
  }),
  endpoint({
    method: "POST",
    path: "/contact-channels/verify",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth, body }) => Effect.as(verifyEmailCode(auth.project.id, body.code), success)
  }),
  endpoint({
    method: "POST",
    path: "/contact-channels/verify/check-code",
    access: ALL,
    body: CodeRequest,
    handler: ({ auth, body }) =>
      Effect.flatMap(
        redeemEmailedCode(auth.project.id, CodePurpose.emailVerification, body.code, "check"),
        () => encoded(CodeCheckResponse, { isCodeValid: true })
      )
  }),
  endpoint({
    method: "POST",
    path: "/contact-channels/:userId/:channelId/send-verification-code",
    access: ALL,
    body: CallbackUrlRequest,
    handler: ({ auth, body, params }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"], "send a verification code for")
        const user = auth.user?.id === userId ? auth.user : yield* findUserView(yield* Db, auth.project.id, userId)
        if (user === undefined) return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
        const channel = yield* getContactChannelOf(auth.project.id, userId, params["channelId"] ?? "")
        if (channel.isVerified) return yield* Effect.fail(new EmailAlreadyVerified({}))
        yield* checkCallbackUrl(auth.project, body.callbackUrl)
        yield* sendVerificationEmail({
          project: auth.project,
          userId,
          userDisplayName: user.displayName,
          email: channel.value,
          callbackUrl: body.callbackUrl
        })
        return success
      })
  }),
  endpoint({
    method: "GET",
    path: "/contact-channels/:userId/:channelId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"], "read")
        return yield* encoded(ContactChannel, yield* getContactChannelOf(auth.project.id, userId, params["channelId"] ?? ""))
      })
  }),
  endpoint({
    method: "PATCH",
    path: "/contact-channels/:userId/:channelId",
    access: ALL,
    handler: ({ auth, body, params, request }) =>
      Effect.gen(function*() {
        yield* refuseServerOnly(auth, body, request)
        const patch = yield* validate(ContactChannelUpdate, "body", body ?? {}, request)
        yield* checkEmailValue(patch.value, request)
        const userId = yield* targetUserId(auth, params["userId"], "update")
        const updated = yield* updateContactChannelOf(auth.project.id, userId, params["channelId"] ?? "", patch)
        return yield* encoded(ContactChannel, updated)
      })
  }),
  endpoint({
    method: "DELETE",
    path: "/contact-channels/:userId/:channelId",
    access: ALL,
    handler: ({ auth, params }) =>
      Effect.gen(function*() {
        const userId = yield* targetUserId(auth, params["userId"], "delete")
        yield* deleteContactChannelOf(auth.project.id, userId, params["channelId"] ?? "")
        return success
      })
  })
]
