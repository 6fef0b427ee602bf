/**
 * Contact channels: list, create, read, update and delete a user's email addresses (clients their own,
 * `me` or their id; servers anyone's), and email verification (send a link, verify its code). Served from
 * the declarations of contract/contact-channels.ts.
 */
import * as Effect from "effect/Effect"
import { ContactChannelsApi } from "@stackfx/lib/contract/contact-channels.js"
import { EmailAddress } from "@stackfx/lib/domain/rules/email.js"
import { type RequestLine, userRequiredBySchema, validate } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  createContactChannel,
  deleteContactChannelOf,
  getContactChannelOf,
  listChannels,
  sendChannelVerification,
  sendPrimaryVerification,
  updateContactChannelOf,
  verifyEmailCode
} from "../../operations/users/contact-channels.js"
import {
  channelOwner,
  listedChannelOwner,
  newChannelOwner,
  verifiedChannelOwner
} from "../../operations/users/user-actors.js"
import { redeemEmailedCode } from "../../operations/codes/emailed-codes.js"
import { CodePurpose } from "../../operations/codes/verification-codes.js"

const checkEmailValue = (value: string | undefined, request: RequestLine) =>
  value === undefined ? Effect.void : Effect.asVoid(validate(EmailAddress, "body.value", value, request))

export const routes = [
  serve(ContactChannelsApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      const items = yield* listChannels(auth.project.id, yield* listedChannelOwner(auth, query.user_id))
      const wanted = query.contact_channel_id
      return { items: wanted === undefined ? items : items.filter((c) => c.id === wanted), isPaginated: false as const }
    })
  ),
  serve(ContactChannelsApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* checkEmailValue(body.value, request)
      const userId = yield* newChannelOwner(auth, body.userId)
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
      yield* sendPrimaryVerification(auth.project, user, body)
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
      const user = yield* verifiedChannelOwner(auth, params.user_id)
      yield* sendChannelVerification(auth.project, user, params.contact_channel_id, body.callbackUrl)
      return { success: true as const }
    })
  ),
  serve(ContactChannelsApi.get, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* channelOwner(auth, params.user_id, "read")
      return yield* getContactChannelOf(auth.project.id, userId, params.contact_channel_id)
    })
  ),
  serve(ContactChannelsApi.update, ({ auth, body, params, request }) =>
    Effect.gen(function* () {
      yield* checkEmailValue(body.value, request)
      const userId = yield* channelOwner(auth, params.user_id, "update")
      return yield* updateContactChannelOf(auth.project.id, userId, params.contact_channel_id, body)
    })
  ),
  serve(ContactChannelsApi.delete, ({ auth, params }) =>
    Effect.gen(function* () {
      const userId = yield* channelOwner(auth, params.user_id, "delete")
      yield* deleteContactChannelOf(auth.project.id, userId, params.contact_channel_id)
      return { success: true as const }
    })
  )
]
