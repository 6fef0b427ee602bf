/** Repository of `contact_channels`. Emails compare case-insensitively through `normalized_value`. */
import * as Schema from "effect/Schema"
import { Db, type DbEffect } from "../db.js"
import { rowInsert, rowStruct, rowTable } from "../rows.js"
import { type PatchColumns, updateColumns } from "../statements.js"

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** The unique index that keeps an auth email to one user per project. */
export const AUTH_CHANNEL_UNIQUE = "contact_channels_auth_unique"

export const ContactChannelRow = rowStruct({
  id: Schema.String,
  userId: Schema.String,
  type: Schema.Literal("email"),
  value: Schema.String,
  isVerified: Schema.Boolean,
  isPrimary: Schema.Boolean,
  usedForAuth: Schema.Boolean
})
export type ContactChannelRow = typeof ContactChannelRow.Type

const contactChannels = rowTable("contact_channels", ContactChannelRow)

const insertContactChannelsRow = rowInsert(
  "contact_channels",
  "id, project_id, user_id, type, value, normalized_value, is_verified, is_primary, used_for_auth"
)
export const insertContactChannel = (channel: ContactChannelRow & { readonly projectId: string }): DbEffect<void> =>
  insertContactChannelsRow({ ...channel, normalizedValue: normalizeEmail(channel.value) })

/** The channel used for auth with this email in the project, if any (sign-in, uniqueness checks). */
export const findAuthChannelByEmail = (projectId: string, email: string): DbEffect<ContactChannelRow | undefined> =>
  contactChannels.first("project_id = $1 and type = 'email' and normalized_value = $2 and used_for_auth", [
    projectId,
    normalizeEmail(email)
  ])

export const findPrimaryChannel = (projectId: string, userId: string): DbEffect<ContactChannelRow | undefined> =>
  contactChannels.first("project_id = $1 and user_id = $2 and type = 'email' and is_primary", [projectId, userId])

/** The channels of a user of the project, oldest first; none for a user of another project. */
export const listContactChannels = (projectId: string, userId: string): DbEffect<ReadonlyArray<ContactChannelRow>> =>
  contactChannels.all("project_id = $1 and user_id = $2 order by created_at, id", [projectId, userId])

/** Columns of a channel an update may change; absent keys stay as they are. */
export interface ContactChannelPatch {
  readonly value?: string | undefined
  readonly isVerified?: boolean | undefined
  readonly isPrimary?: boolean | undefined
  readonly usedForAuth?: boolean | undefined
}

// The normalized value follows the value; callers never set it themselves.
const channelPatchColumns: PatchColumns<ContactChannelPatch & { readonly normalizedValue?: string | undefined }> = [
  ["value", "value"],
  ["normalizedValue", "normalized_value"],
  ["isVerified", "is_verified"],
  ["isPrimary", "is_primary"],
  ["usedForAuth", "used_for_auth"]
]

/** Changes a channel; `value` changes reset verification unless `isVerified` is given too. */
export const updateContactChannel = (projectId: string, id: string, patch: ContactChannelPatch): DbEffect<void> =>
  updateColumns(
    "contact_channels",
    [
      ["project_id", projectId],
      ["id", id]
    ],
    channelPatchColumns,
    {
      ...patch,
      normalizedValue: patch.value === undefined ? undefined : normalizeEmail(patch.value)
    }
  )

export const deleteContactChannel = (projectId: string, id: string): DbEffect<void> =>
  Db.run("delete from contact_channels where project_id = $1 and id = $2", [projectId, id])

/** One channel of a user of the project. */
export const findContactChannel = (
  projectId: string,
  userId: string,
  id: string
): DbEffect<ContactChannelRow | undefined> =>
  contactChannels.first("project_id = $1 and user_id = $2 and id = $3", [projectId, userId, id])

/** The user's channel with this value (emails compare case-insensitively). */
export const findUserChannelByValue = (
  projectId: string,
  userId: string,
  type: "email",
  value: string
): DbEffect<ContactChannelRow | undefined> =>
  contactChannels.first("project_id = $1 and user_id = $2 and type = $3 and normalized_value = $4", [
    projectId,
    userId,
    type,
    normalizeEmail(value)
  ])

/** Every channel of the project, oldest first (server listing without a user). */
export const listProjectContactChannels = (projectId: string): DbEffect<ReadonlyArray<ContactChannelRow>> =>
  contactChannels.all("project_id = $1 order by created_at, id", [projectId])

/** Makes no channel of this type primary, before another becomes primary (one primary per type). */
export const clearPrimaryChannel = (projectId: string, userId: string, type: "email"): DbEffect<void> =>
  Db.run(
    "update contact_channels set is_primary = false where project_id = $1 and user_id = $2 and type = $3 and is_primary",
    [projectId, userId, type]
  )
