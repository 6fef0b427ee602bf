/**
 * The events the service delivers to a project's webhook endpoints: `{ type, data }`, `data` in the server view
 * (snake_case on the wire, camelCase decoded). One schema per event type, joined in `WebhookEvent`, a union
 * tagged by `type`, so `Match.discriminatorsExhaustive("type")` over it fails to compile when an event is added.
 * The local backend encodes its deliveries with these schemas; `verifyWebhook` decodes with them.
 */
import * as Schema from "effect/Schema"
import { ProjectPermission } from "./project-permission.js"
import { ServerTeam } from "./team.js"
import { TeamMembership } from "./team-membership.js"
import { TeamPermission } from "./team-permission.js"
import { ServerUser } from "./user.js"
import { wireStruct } from "./wire.js"

/** What `user.deleted` says of the user: its id and the teams it was a member of. */
export const DeletedUser = wireStruct({
  id: Schema.String,
  teams: Schema.Array(Schema.Struct({ id: Schema.String }))
})
export type DeletedUser = typeof DeletedUser.Type

/** What `team.deleted` says of the team. */
export const DeletedTeam = wireStruct({ id: Schema.String })
export type DeletedTeam = typeof DeletedTeam.Type

/** What the test event the dashboard sends carries (`POST /internal/send-test-webhook`). */
export const WebhookTestData = Schema.Struct({ message: Schema.String, endpointUrl: Schema.String })
export type WebhookTestData = typeof WebhookTestData.Type

const event = <const T extends string, S extends Schema.Top>(type: T, data: S) =>
  Schema.Struct({ type: Schema.Literal(type), data })

export const UserCreatedEvent = event("user.created", ServerUser)
export const UserUpdatedEvent = event("user.updated", ServerUser)
export const UserDeletedEvent = event("user.deleted", DeletedUser)
export const TeamCreatedEvent = event("team.created", ServerTeam)
export const TeamUpdatedEvent = event("team.updated", ServerTeam)
export const TeamDeletedEvent = event("team.deleted", DeletedTeam)
export const TeamMembershipCreatedEvent = event("team_membership.created", TeamMembership)
export const TeamMembershipDeletedEvent = event("team_membership.deleted", TeamMembership)
export const TeamPermissionCreatedEvent = event("team_permission.created", TeamPermission)
export const TeamPermissionDeletedEvent = event("team_permission.deleted", TeamPermission)
export const ProjectPermissionCreatedEvent = event("project_permission.created", ProjectPermission)
export const ProjectPermissionDeletedEvent = event("project_permission.deleted", ProjectPermission)
export const WebhookTestEvent = event("stack.test", WebhookTestData)

/** Every event a project's endpoints receive, by its `type`. */
export const WebhookEvent = Schema.Union([
  UserCreatedEvent,
  UserUpdatedEvent,
  UserDeletedEvent,
  TeamCreatedEvent,
  TeamUpdatedEvent,
  TeamDeletedEvent,
  TeamMembershipCreatedEvent,
  TeamMembershipDeletedEvent,
  TeamPermissionCreatedEvent,
  TeamPermissionDeletedEvent,
  ProjectPermissionCreatedEvent,
  ProjectPermissionDeletedEvent,
  WebhookTestEvent
])
export type WebhookEvent = typeof WebhookEvent.Type
/** The `type` of a webhook event, e.g. `"user.created"`. */
export type WebhookEventType = WebhookEvent["type"]
/** One event type's decoded value. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { readonly type: T }>

/** Every event type, in the service's order (the test event last). */
export const WEBHOOK_EVENT_TYPES: ReadonlyArray<WebhookEventType> = WebhookEvent.members.map(
  (member) => member.fields.type.literal
)

/** Whether a string names an event type this version knows. */
export const isWebhookEventType = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as ReadonlyArray<string>).includes(type)
