/**
 * Contact channels: list, create, read, update and delete a user's email addresses (clients their own,
 * `me` or their id; servers anyone's), and email verification (send a link, verify its code). Served from
 * the declarations of contract/contact-channels.ts.
 */
import * as Effect from "effect/Effect"
import { ContactChannelsApi } from "@stackfx/lib/contract/contact-channels.js"
import { EmailAlreadyVerified, EmailIsNotPrimaryEmail } from "@stackfx/lib/errors/known/contact-channels.js"
import { CannotGetOwnUserWithoutUser, UserIdDoesNotExist } from "@stackfx/lib/errors/known/users.js"
import { EmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { Refused } from "../../errors/refused.js"
import type { Auth } from "../../http/auth.js"
import { type RequestLine, userRequiredBySchema, validate } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createContactChannel,
  deleteContactChannelOf,
  getContactChannelOf,
  listChannels,
  sendVerificationEmail,
  updateContactChannelOf,
  verifyEmailCode
} from "../../operations/users/contact-channels.js"
import { checkCallbackUrl } from "../../operations/projects/email.js"
import { redeemEmailedCode } from "../../operations/auth/emailed-codes.js"
import { findUser } from "../../operations/users/user-lookup.js"
import { CodePurpose } from "../../operations/auth/verification-codes.js"

type Action = "list" | "create" | "read" | "update" | "delete" | "send a verification code for"

const forbidden = (action: Action) =>
  new Refused({ reason: "forbidden", message: `Client can only ${action} contact channels for their own user.` })

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
    ? Effect.fail(new Refused({ reason: "invalid", message: "user_id is required." }))
    : Effect.succeed(userId)
}

const checkEmailValue = (value: string | undefined, request: RequestLine) =>
  value === undefined ? Effect.void : Effect.asVoid(validate(EmailAddress, "body.value", value, request))

export const routes = [
  serve(ContactChannelsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const all = auth.accessType !== "client" && query.user_id === undefined
      const items = yield* listChannels(
        auth.project.id,
        all ? undefined : yield* targetUserId(auth, query.user_id, "list")
      )
      const wanted = query.contact_channel_id
      return { items: wanted === undefined ? items : items.filter((c) => c.id === wanted), isPaginated: false as const }
    })
  ),
  serve(ContactChannelsApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* checkEmailValue(body.value, request)
      const userId = yield* targetUserId(auth, body.userId, "create")
      if (auth.accessType !== "client" && (yield* findUser(auth.project.id, userId)) === undefined) {
        return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
      }
      return yield* createContactChannel(auth.project.id, {
        userId,
        type: body.type,
        value: body.value,
        usedForAuth: body.usedForAuth,
        isPrimary: body.isPrimary,
        isVerified: "isVerified" in body ? body.isVerified : undefined
      })
    })
  ),
  serve(ContactChannelsApi.sendPrimaryVerificationCode, ({ auth, body, request }) =>
    Effect.gen(function* () {
      const user = yield* userRequiredBySchema(auth.user, request)
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
      return { success: true as const }
    })
  ),
  serve(ContactChannelsApi.verify, ({ auth, body }) =>
    Effect.as(verifyEmailCode(auth.project.id, body.code), { success: true as const })
  ),
  serve(ContactChannelsApi.checkVerificationCode, ({ auth, body }) =>
    Effect.as(redeemEmailedCode(auth.project.id, CodePurpose.emailVerification, body.code, "check"), {
      isCodeValid: true as const
    })
  ),
  serve(ContactChannelsApi.sendVerificationCode, ({ auth, body, params }) =>
    Effect.gen(function* () {
      const userId = yield* targetUserId(auth, params.user_id, "send a verification code for")
      const user = auth.user?.id === userId ? auth.user : yield* findUser(auth.project.id, userId)
      if (user === undefined) return yield* Effect.fail(new UserIdDoesNotExist({ details: { user_id: userId } }))
      const channel = yield* getContactChannelOf(auth.project.id, userId, params.contact_channel_id)
      if (channel.isVerified) return yield* Effect.fail(new EmailAlreadyVerified({}))
      yield* checkCallbackUrl(auth.project, body.callbackUrl)
      yield* sendVerificationEmail({
        project: auth.project,
        userId,
        userDisplayName: user.displayName,
        email: channel.value,
        callbackUrl: body.callbackUrl
      })
      return { success: true as const }
    })
  ),
  serve(ContactChannelsApi.get, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* targetUserId(auth, params.user_id, "read")
      return yield* getContactChannelOf(auth.project.id, userId, params.contact_channel_id)
    })
  ),
  serve(ContactChannelsApi.update, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      yield* checkEmailValue(body.value, request)
      const userId = yield* targetUserId(auth, params.user_id, "update")
      return yield* updateContactChannelOf(auth.project.id, userId, params.contact_channel_id, body)
    })
  ),
  serve(ContactChannelsApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* targetUserId(auth, params.user_id, "delete")
      yield* deleteContactChannelOf(auth.project.id, userId, params.contact_channel_id)
      return { success: true as const }
    })
  )
]
