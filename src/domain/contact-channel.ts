/** Contact channels (`/contact-channels`): a user's email addresses. */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** The only channel type the service knows today. */
export const ContactChannelType = Schema.Literal("email")
export type ContactChannelType = typeof ContactChannelType.Type

/** A user's e-mail address as a contact channel: whether it is verified, primary, and used to sign in. */
export const ContactChannel = wireStruct({
  id: Schema.String,
  userId: Schema.String,
  type: ContactChannelType,
  value: Schema.String,
  isVerified: Schema.Boolean,
  isPrimary: Schema.Boolean,
  usedForAuth: Schema.Boolean
})
export type ContactChannel = typeof ContactChannel.Type

// What a client may send; the server tier may also set `isVerified`.
const clientCreateFields = {
  userId: Schema.String,
  value: Schema.String,
  type: ContactChannelType,
  usedForAuth: Schema.Boolean,
  isPrimary: Schema.optionalKey(Schema.Boolean)
}
const clientUpdateFields = {
  value: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(ContactChannelType),
  usedForAuth: Schema.optionalKey(Schema.Boolean),
  isPrimary: Schema.optionalKey(Schema.Boolean)
}
const isVerified = Schema.optionalKey(Schema.Boolean)

/** `POST /contact-channels` body. `userId` is `"me"` or an id; `isVerified` is server tier only. */
export const ContactChannelCreate = wireStruct({ ...clientCreateFields, isVerified })
export type ContactChannelCreate = typeof ContactChannelCreate.Type

/** `PATCH /contact-channels/{userId}/{id}` body; `isVerified` is server tier only. */
export const ContactChannelUpdate = wireStruct({ ...clientUpdateFields, isVerified })
export type ContactChannelUpdate = typeof ContactChannelUpdate.Type

/** A client's new address: as {@link ContactChannelCreate} without the server-only `isVerified`. */
export const ClientContactChannelCreate = wireStruct(clientCreateFields)
export type ClientContactChannelCreate = typeof ClientContactChannelCreate.Type

/** A client's update: as {@link ContactChannelUpdate} without the server-only `isVerified`. */
export const ClientContactChannelUpdate = wireStruct(clientUpdateFields)
export type ClientContactChannelUpdate = typeof ClientContactChannelUpdate.Type
