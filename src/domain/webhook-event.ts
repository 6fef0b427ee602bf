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

/** Each event type's `data`, in the service's order (the test event last). */
const eventData = {
  "user.created": ServerUser,
  "user.updated": ServerUser,
  "user.deleted": DeletedUser,
  "team.created": ServerTeam,
  "team.updated": ServerTeam,
  "team.deleted": DeletedTeam,
  "team_membership.created": TeamMembership,
  "team_membership.deleted": TeamMembership,
  "team_permission.created": TeamPermission,
  "team_permission.deleted": TeamPermission,
  "project_permission.created": ProjectPermission,
  "project_permission.deleted": ProjectPermission,
  "stack.test": WebhookTestData
} as const
type EventData = typeof eventData

/** The schema of one event type: `{ type, data }`. */
type EventSchema<T extends keyof EventData> = Schema.Struct<{
  readonly type: Schema.Literal<T>
  readonly data: EventData[T]
}>
/** One schema per event type, as a union: what keeps the decoded union tagged by each type's own `data`. */
type EventSchemas = { readonly [T in keyof EventData]: EventSchema<T> }[keyof EventData]

const eventSchema = <T extends keyof EventData>(type: T): EventSchema<T> =>
  Schema.Struct({ type: Schema.Literal(type), data: eventData[type] })

/** Every event a project's endpoints receive, by its `type`. */
export const WebhookEvent: Schema.Union<ReadonlyArray<EventSchemas>> = Schema.Union(
  // Each member is built from its own type's entry, so each is the EventSchema of that type.
  (Object.keys(eventData) as ReadonlyArray<keyof EventData>).map((type) => eventSchema(type) as EventSchemas)
)
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
