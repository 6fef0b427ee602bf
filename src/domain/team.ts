/** Teams: the client and server read views and the create/update inputs of `/teams`. */
import * as Schema from "effect/Schema"
import { Metadata, Millis, wireStruct } from "./wire.js"

const clientTeamFields = {
  id: Schema.String,
  displayName: Schema.String,
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Metadata,
  clientReadOnlyMetadata: Metadata
}

/** A team as the client tier sees it. */
export const ClientTeam = wireStruct(clientTeamFields)
export type ClientTeam = typeof ClientTeam.Type

/** A team as server and admin see it: adds `createdAt` and `serverMetadata`. */
export const ServerTeam = wireStruct(
  { ...clientTeamFields, createdAt: Millis, serverMetadata: Metadata },
  { createdAt: "created_at_millis" }
)
export type ServerTeam = typeof ServerTeam.Type

const teamUpdateFields = {
  displayName: Schema.optionalKey(Schema.String),
  profileImageUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  clientMetadata: Schema.optionalKey(Schema.Json)
}
const serverOnlyTeamFields = {
  clientReadOnlyMetadata: Schema.optionalKey(Schema.Json),
  serverMetadata: Schema.optionalKey(Schema.Json)
}
const teamCreateFields = {
  ...teamUpdateFields,
  displayName: Schema.String,
  /** `"me"` or a user id: that user becomes the first member. */
  creatorUserId: Schema.optionalKey(Schema.String)
}

/** `POST /teams` body from the client tier. */
export const TeamCreate = wireStruct(teamCreateFields)
export type TeamCreate = typeof TeamCreate.Type

/** `POST /teams` body from the server tier: may also set read-only and server metadata. */
export const ServerTeamCreate = wireStruct({ ...teamCreateFields, ...serverOnlyTeamFields })
export type ServerTeamCreate = typeof ServerTeamCreate.Type

/** `PATCH /teams/{id}` body from the client tier; absent keys are left unchanged. */
export const TeamUpdate = wireStruct(teamUpdateFields)
export type TeamUpdate = typeof TeamUpdate.Type

/** `PATCH /teams/{id}` body from the server tier. */
export const ServerTeamUpdate = wireStruct({ ...teamUpdateFields, ...serverOnlyTeamFields })
export type ServerTeamUpdate = typeof ServerTeamUpdate.Type
