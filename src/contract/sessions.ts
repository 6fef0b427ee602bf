/**
 * Sessions (`/auth/sessions`): a new access token for the request's refresh token, sign-out of the current
 * session, server-created sessions (impersonation, tests), and a user's sessions: listed and ended one by
 * one (a client its own, `me` or its id; server and admin anyone's; only admins see impersonation
 * sessions). An unknown session, or someone else's, is a plain 404.
 */
import * as Schema from "effect/Schema"
import { ListResponse } from "../domain/list.js"
import { SessionInfo } from "../domain/session.js"
import { ServerSessionCreate } from "../domain/session-requests.js"
import { SuccessResponse } from "../domain/success.js"
import { SessionId } from "../domain/ids.js"
import { ServerSessionResponse } from "../domain/tokens.js"
import { accountKeys, session } from "./data-keys.js"
import { ALL, SERVER } from "./access.js"
import { endpoint, schemaRef } from "./declaration.js"

const UserQuery = Schema.Struct({ user_id: Schema.NonEmptyString })

export const SessionsApi = {
  refresh: endpoint({
    name: "sessions.refresh",
    summary: "A new access token for the refresh token of the request (`x-stack-refresh-token`)",
    method: "POST",
    path: "/auth/sessions/current/refresh",
    access: ALL,
    success: schemaRef("RefreshTokenResponse"),
    errors: ["RefreshTokenNotFoundOrExpired"]
  }),
  signOut: endpoint({
    name: "sessions.signOut",
    summary: "Ends the session of the request's access token (without one: ACCESS_TOKEN_EXPIRED)",
    method: "DELETE",
    path: "/auth/sessions/current",
    access: ALL,
    success: schemaRef("SuccessResponse"),
    errors: ["RefreshTokenNotFoundOrExpired", "AccessTokenExpired"],
    changes: session
  }),
  create: endpoint({
    name: "sessions.create",
    summary: "A new session for a user (`me`: the caller's own), its tokens answered",
    method: "POST",
    path: "/auth/sessions",
    access: SERVER,
    body: ServerSessionCreate,
    success: ServerSessionResponse,
    errors: ["UserIdDoesNotExist", "CannotGetOwnUserWithoutUser"],
    // The user's session list has one more.
    changes: [accountKeys.sessions]
  }),
  list: endpoint({
    name: "sessions.list",
    summary: "A user's open sessions, newest first",
    method: "GET",
    path: "/auth/sessions",
    access: ALL,
    query: UserQuery,
    success: ListResponse(SessionInfo),
    errors: ["CannotGetOwnUserWithoutUser"]
  }),
  delete: endpoint({
    name: "sessions.delete",
    summary: "Ends one of a user's sessions, not the one making the request",
    method: "DELETE",
    path: "/auth/sessions/{id}",
    params: { id: SessionId },
    access: ALL,
    query: UserQuery,
    success: SuccessResponse,
    errors: ["CannotDeleteCurrentSession", "CannotGetOwnUserWithoutUser"],
    changes: [accountKeys.sessions]
  })
}
