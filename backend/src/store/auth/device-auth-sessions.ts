/**
 * The sessions device authorization handed out, as the dashboard's overview lists them: each with its user's
 * name, primary e-mail and whether the user is anonymous. Agent sessions carry the agent's name; a CLI's is a
 * person's ordinary session, found through the attempts that handed it over.
 */
import * as Schema from "effect/Schema"
import type { DbEffect } from "../db.js"
import { rowStruct, rowTable, Timestamp } from "../rows.js"

export const HandedOutSessionRow = rowStruct({
  id: Schema.String,
  userId: Schema.String,
  agentName: Schema.NullOr(Schema.String),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  expiresAt: Schema.NullOr(Timestamp),
  displayName: Schema.NullOr(Schema.String),
  primaryEmail: Schema.NullOr(Schema.String),
  isAnonymous: Schema.Boolean
})
export type HandedOutSessionRow = typeof HandedOutSessionRow.Type

const columns =
  "r.id, r.user_id, r.agent_name, r.created_at, r.last_used_at, r.expires_at, u.display_name, " +
  "c.value as primary_email, u.is_anonymous"
const from =
  "refresh_tokens r join users u on u.project_id = r.project_id and u.id = r.user_id " +
  "left join contact_channels c on c.project_id = r.project_id and c.user_id = r.user_id and c.type = 'email' and c.is_primary"
const sessions = rowTable(from, HandedOutSessionRow, columns)

/** The project's live sessions opened for agents, most recently used first. */
export const agentSessions = (projectId: string, limit: number): DbEffect<ReadonlyArray<HandedOutSessionRow>> =>
  sessions.all(
    "r.project_id = $1 and r.agent_name is not null and r.revoked_at is null order by r.last_used_at desc, r.id limit $2",
    [projectId, limit]
  )

/**
 * The live sessions the CLI sign-ins among the project's latest `attemptLimit` attempts handed over, most
 * recently used first.
 */
export const cliSessions = (
  projectId: string,
  attemptLimit: number,
  limit: number
): DbEffect<ReadonlyArray<HandedOutSessionRow>> =>
  sessions.all(
    `r.project_id = $1 and r.revoked_at is null and r.id in (
       select session_id from (
         select session_id, used_at from cli_auth_attempts where project_id = $1 and agent_name is null
         order by created_at desc, id desc limit $2
       ) recent where session_id is not null and used_at is not null
     ) order by r.last_used_at desc, r.id limit $3`,
    [projectId, attemptLimit, limit]
  )
