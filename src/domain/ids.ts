/**
 * The ids the API's paths name, as the hosted service's schemas check them: a UUID (its `yupString().uuid()`,
 * worded as it words a failure), and for a user `me` too (its `userIdOrMeSchema`). Each id is its own schema so
 * that a declaration names what its parameter is, and the OpenAPI document describes it.
 */
import * as Schema from "effect/Schema"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// The pattern is case-insensitive, which JSON Schema cannot say with a flag: the document gets it spelt out.
const uuidCheck = Schema.isPattern(uuidPattern, {
  message: "must be a valid UUID",
  toJsonSchema: () => ({
    pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    format: "uuid"
  })
})

/** A UUID, as the service's `yupString().uuid()` accepts it (the ids below are UUIDs that say what they name). */
export const Uuid = Schema.String.check(uuidCheck)

const uuidOf = (what: string) => Uuid.annotate({ description: `The ID of the ${what}` })

/** A user's id. */
const UserId = uuidOf("user")

/** A user's id, or `me` for the signed-in user (the service's `userIdOrMeSchema`). */
export const UserIdOrMe = Schema.Union([Schema.Literal("me"), UserId]).annotate({
  description: "The ID of the user, or the special value `me` for the currently authenticated user"
})

/** A team's id. */
export const TeamId = uuidOf("team")

/** A contact channel's id. */
export const ContactChannelId = uuidOf("contact channel")

/** A user's link to an OAuth provider account (the id `/oauth-providers/{user_id}/{provider_id}` names). */
export const OAuthProviderLinkId = uuidOf("OAuth provider")

/** A user or team API key's id. */
export const ApiKeyId = uuidOf("API key")

/** A notification category's id (`/emails/notification-preference/{user_id}/{notification_category_id}`). */
export const NotificationCategoryId = uuidOf("notification category")

/** A sent e-mail's id in the outbox. */
export const OutboxEmailId = uuidOf("e-mail")

/** A session's id (one refresh token of a user). */
export const SessionId = uuidOf("session")

/** A team invitation's id. */
export const TeamInvitationId = uuidOf("team invitation")

/** A project API key set's id (`/internal/api-keys`). */
export const ApiKeySetId = uuidOf("API key set")
