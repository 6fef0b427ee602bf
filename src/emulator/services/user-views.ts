/** Which view of a user a caller gets: clients see the client view, server and admin the server view. */
import * as Effect from "effect/Effect"
import type { HttpServerResponse } from "effect/http/HttpServerResponse"
import type { AccessType } from "../../domain/constants.js"
import type { ClientTeam, ServerTeam } from "../../domain/team.js"
import { ClientUser, ServerUser } from "../../domain/user.js"
import { encoded } from "../http/respond.js"

export const toClientTeam = (team: ServerTeam): ClientTeam => ({
  id: team.id,
  displayName: team.displayName,
  profileImageUrl: team.profileImageUrl,
  clientMetadata: team.clientMetadata,
  clientReadOnlyMetadata: team.clientReadOnlyMetadata
})

/** The client view of a user: the server view without server metadata, last activity and the email-auth switch. */
export const toClientUser = (user: ServerUser): ClientUser => ({
  id: user.id,
  primaryEmail: user.primaryEmail,
  primaryEmailVerified: user.primaryEmailVerified,
  displayName: user.displayName,
  selectedTeamId: user.selectedTeamId,
  selectedTeam: user.selectedTeam === null ? null : toClientTeam(user.selectedTeam),
  profileImageUrl: user.profileImageUrl,
  signedUpAt: user.signedUpAt,
  hasPassword: user.hasPassword,
  otpAuthEnabled: user.otpAuthEnabled,
  passkeyAuthEnabled: user.passkeyAuthEnabled,
  clientMetadata: user.clientMetadata,
  clientReadOnlyMetadata: user.clientReadOnlyMetadata,
  oauthProviders: user.oauthProviders,
  emailAuthEnabled: user.emailAuthEnabled,
  isMultiFactorRequired: user.isMultiFactorRequired,
  isAnonymous: user.isAnonymous,
  isRestricted: user.isRestricted,
  restrictedReason: user.restrictedReason
})

/** The user as a response for this access type. */
export const userResponse = (user: ServerUser, accessType: AccessType): Effect.Effect<HttpServerResponse> =>
  accessType === "client" ? encoded(ClientUser, toClientUser(user)) : encoded(ServerUser, user)
