/**
 * `stackfx-backend/testing/arbitraries`: generators of the wire entities, derived from stackfx's own
 * schemas (effect's Schema-aware `Arbitrary`), for property tests of an app's code: users, teams, team
 * members, contact channels, access-token claims, known errors with their details, and the webhook events
 * (any event, or the events of one type, as `verifyWebhook` decodes them). Each comes twice: as an effect
 * `Arbitrary` (for `it.prop` of @effect/vitest) and as a fast-check `Arbitrary` (for `fc.assert`).
 *
 * @example
 * fc.assert(fc.property(fastCheck.clientUser, (user) => greeting(user).length > 0))
 * fc.assert(fc.property(webhookEvents["user.deleted"], (event) => handle(event) === "removed"))
 */
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import {
  AccessTokenClaims,
  ClientTeam,
  ClientUser,
  ContactChannel,
  type KnownError,
  knownErrorClasses,
  ServerTeam,
  ServerUser,
  TeamMemberProfile
} from "stackfx"
import { WebhookEvent, type WebhookEventOf, type WebhookEventType } from "stackfx/server"

/** The wire entities the kit draws, each as the decoded value the tiers hand to an app. */
export interface WireEntities {
  readonly clientUser: ClientUser
  readonly serverUser: ServerUser
  readonly clientTeam: ClientTeam
  readonly serverTeam: ServerTeam
  readonly teamMember: TeamMemberProfile
  readonly contactChannel: ContactChannel
  readonly accessTokenClaims: AccessTokenClaims
  readonly knownError: KnownError
  /** A webhook event of any type. */
  readonly webhookEvent: WebhookEvent
}

const encodeBody = Schema.encodeUnknownResult(Schema.fromJsonString(WebhookEvent))
const decodeBody = Schema.decodeUnknownResult(Schema.fromJsonString(WebhookEvent))

/**
 * An event as a receiver can get it: through its JSON body and back. The schema's generator may draw values no
 * JSON body carries (`-0` in metadata becomes `0`; a value JSON cannot hold is dropped).
 */
const throughTheWire = <A extends WebhookEvent>(event: A): Result.Result<A, Schema.SchemaError> =>
  // Decoding the body of an event of type A answers an event of type A.
  Result.flatMap(encodeBody(event), decodeBody) as Result.Result<A, Schema.SchemaError>

/** The wire entities as effect Arbitraries (decoded values, as the tiers hand them to an app). */
export const arbitraries: { readonly [K in keyof WireEntities]: Arbitrary.Arbitrary<WireEntities[K]> } = {
  clientUser: Arbitrary.schema(ClientUser),
  serverUser: Arbitrary.schema(ServerUser),
  clientTeam: Arbitrary.schema(ClientTeam),
  serverTeam: Arbitrary.schema(ServerTeam),
  teamMember: Arbitrary.schema(TeamMemberProfile),
  contactChannel: Arbitrary.schema(ContactChannel),
  accessTokenClaims: Arbitrary.schema(AccessTokenClaims),
  // Any class of the catalogue the library decodes answers with, with details that class accepts.
  knownError: Arbitrary.schema(Schema.Union(knownErrorClasses)) as Arbitrary.Arbitrary<KnownError>,
  webhookEvent: Arbitrary.schema(WebhookEvent).pipe(Arbitrary.filterMap(throughTheWire))
}

/**
 * An effect Arbitrary as a fast-check one: fast-check draws (and shrinks) a seed, effect's generator makes
 * the value from it, so a failure replays from fast-check's seed and path as usual.
 */
export const toFastCheck = <A>(arbitrary: Arbitrary.Arbitrary<A>): fc.Arbitrary<A> =>
  fc.integer({ min: 0, max: 0x7fffffff }).map((seed) =>
    Effect.runSync(
      Arbitrary.sampleEffect(arbitrary, { count: 1, seed }).pipe(
        // sampleEffect answers `count` values or fails; one was asked for.
        Effect.flatMap(([value]) => (value === undefined ? Effect.die("no value sampled") : Effect.succeed(value))),
        Effect.orDie
      )
    )
  )

/** The same entities as fast-check Arbitraries. */
export const fastCheck: { readonly [K in keyof WireEntities]: fc.Arbitrary<WireEntities[K]> } = {
  clientUser: toFastCheck(arbitraries.clientUser),
  serverUser: toFastCheck(arbitraries.serverUser),
  clientTeam: toFastCheck(arbitraries.clientTeam),
  serverTeam: toFastCheck(arbitraries.serverTeam),
  teamMember: toFastCheck(arbitraries.teamMember),
  contactChannel: toFastCheck(arbitraries.contactChannel),
  accessTokenClaims: toFastCheck(arbitraries.accessTokenClaims),
  knownError: toFastCheck(arbitraries.knownError),
  webhookEvent: toFastCheck(arbitraries.webhookEvent)
}

/** The events of each webhook type, by `type`. */
export type WebhookEventArbitraries<F extends "effect" | "fast-check"> = {
  readonly [T in WebhookEventType]: F extends "effect"
    ? Arbitrary.Arbitrary<WebhookEventOf<T>>
    : fc.Arbitrary<WebhookEventOf<T>>
}

// The union's members are the per-type schemas: one generator each, keyed by the member's `type` literal.
const byType = <A>(make: (member: (typeof WebhookEvent.members)[number]) => A): Record<string, A> =>
  Object.fromEntries(WebhookEvent.members.map((member) => [member.fields.type.literal, make(member)]))

/** The events of each webhook type as effect Arbitraries, e.g. `webhookEventArbitraries["team.deleted"]`. */
export const webhookEventArbitraries = byType((member) =>
  Arbitrary.schema(member).pipe(Arbitrary.filterMap(throughTheWire))
) as unknown as WebhookEventArbitraries<"effect">

/** The events of each webhook type as fast-check Arbitraries, e.g. `webhookEvents["user.created"]`. */
export const webhookEvents = byType((member) =>
  toFastCheck(Arbitrary.schema(member).pipe(Arbitrary.filterMap(throughTheWire)))
) as unknown as WebhookEventArbitraries<"fast-check">
