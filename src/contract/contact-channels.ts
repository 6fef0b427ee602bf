/**
 * Contact channels (`/contact-channels`): a user's e-mail addresses. A client lists, creates, reads,
 * updates and deletes its own (`me` or its id) and asks for verification links; server and admin act on
 * any user's, and may mark an address verified. Redeeming a link (`verify`) and the signed-in user's
 * primary-address link (`sendPrimaryVerificationCode`) are the Auth service's calls.
 */
import * as Schema from "effect/Schema"
import { CallbackUrlRequest, CodeCheckResponse, CodeRequest, EmailLinkRequest } from "../domain/auth-requests.js"
import {
  ClientContactChannelCreate,
  ClientContactChannelUpdate,
  ContactChannel,
  ContactChannelCreate,
  ContactChannelUpdate
} from "../domain/contact-channel.js"
import { ListResponse } from "../domain/list.js"
import { SuccessResponse } from "../domain/success.js"
import { ContactChannelId, UserIdOrMe } from "../domain/ids.js"
import { VerificationErrorTags } from "../errors/categories.js"
import { accountKeys, dataKeys } from "./data-keys.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"
import { ContactChannelsCrudQuery } from "./crud-query.js"

/** Which addresses are verified decides which invitations the user received. */
const channels = [dataKeys.contactChannels, dataKeys.user, accountKeys.receivedTeamInvitations]

const own = ["CannotGetOwnUserWithoutUser"] as const
const write = ["CannotGetOwnUserWithoutUser", "ContactChannelAlreadyUsedForAuthBySomeoneElse"] as const
const sendCode = ["CannotGetOwnUserWithoutUser", "EmailAlreadyVerified", "RedirectUrlNotWhitelisted"] as const

export const ContactChannelsApi = {
  list: endpoint({
    name: "contactChannels.list",
    summary: "A user's addresses (`me` for a client), or every address of the project for a server",
    method: "GET",
    path: "/contact-channels",
    access: ALL,
    query: Schema.Struct({
      user_id: Schema.optionalKey(Schema.String),
      contact_channel_id: Schema.optionalKey(Schema.String)
    }),
    success: ListResponse(ContactChannel),
    errors: own
  }),
  create: endpoint({
    name: "contactChannels.create",
    summary: "A new address of a user; only a server marks it verified",
    method: "POST",
    path: "/contact-channels",
    access: ALL,
    query: ContactChannelsCrudQuery,
    body: { client: ClientContactChannelCreate, server: ContactChannelCreate },
    success: ContactChannel,
    status: 201,
    errors: { client: write, server: [...write, "UserIdDoesNotExist"] },
    changes: channels
  }),
  sendPrimaryVerificationCode: endpoint({
    name: "contactChannels.sendPrimaryVerificationCode",
    summary: "E-mails a verification link to the signed-in user's primary address",
    method: "POST",
    path: "/contact-channels/send-verification-code",
    access: ALL,
    body: EmailLinkRequest,
    success: SuccessResponse,
    errors: [
      "EmailAlreadyVerified",
      "EmailIsNotPrimaryEmail",
      "RedirectUrlNotWhitelisted",
      "UserAuthenticationRequired"
    ]
  }),
  verify: endpoint({
    name: "contactChannels.verify",
    summary: "Redeems a verification link's code: the address is verified",
    method: "POST",
    path: "/contact-channels/verify",
    access: ALL,
    body: CodeRequest,
    success: SuccessResponse,
    errors: VerificationErrorTags,
    changes: channels
  }),
  checkVerificationCode: endpoint({
    name: "contactChannels.checkVerificationCode",
    summary: "Whether a verification code is valid, without redeeming it",
    method: "POST",
    path: "/contact-channels/verify/check-code",
    access: ALL,
    body: CodeRequest,
    success: CodeCheckResponse,
    errors: VerificationErrorTags
  }),
  sendVerificationCode: endpoint({
    name: "contactChannels.sendVerificationCode",
    summary: "E-mails a verification link for one address of a user",
    method: "POST",
    path: "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code",
    params: { user_id: UserIdOrMe, contact_channel_id: ContactChannelId },
    inputOrder: ["params", "body"],
    access: ALL,
    body: CallbackUrlRequest,
    success: SuccessResponse,
    errors: { client: sendCode, server: [...sendCode, "UserIdDoesNotExist"] }
  }),
  get: endpoint({
    name: "contactChannels.get",
    summary: "One address of a user",
    method: "GET",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    params: { user_id: UserIdOrMe, contact_channel_id: ContactChannelId },
    access: ALL,
    query: ContactChannelsCrudQuery,
    success: ContactChannel,
    errors: own
  }),
  update: endpoint({
    name: "contactChannels.update",
    summary: "Updates an address; a new value makes it unverified again",
    method: "PATCH",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    params: { user_id: UserIdOrMe, contact_channel_id: ContactChannelId },
    access: ALL,
    query: ContactChannelsCrudQuery,
    body: { client: ClientContactChannelUpdate, server: ContactChannelUpdate },
    success: ContactChannel,
    errors: write,
    changes: channels
  }),
  delete: endpoint({
    name: "contactChannels.delete",
    summary: "Deletes an address",
    method: "DELETE",
    path: "/contact-channels/{user_id}/{contact_channel_id}",
    params: { user_id: UserIdOrMe, contact_channel_id: ContactChannelId },
    access: ALL,
    query: ContactChannelsCrudQuery,
    success: SuccessResponse,
    errors: own,
    changes: channels
  })
}
