/**
 * Who may use the dashboard's project routes: a signed-in user of the `internal` project, the project side
 * of the actor policy (../acting-user.ts). The service asks for the user first, then for the project.
 */
import * as Effect from "effect/Effect"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { ExpectedInternalProject } from "@stackfx/lib/errors/known/project-authentication.js"
import type { UserAuthenticationRequired } from "@stackfx/lib/errors/known/session.js"
import { type Actor, signedInUser } from "../acting-user.js"

const INTERNAL = "internal"

/** Whether the actor calls with the `internal` project, whose users own the other projects. */
export const isInternalProject = (actor: Actor): boolean => actor.project.id === INTERNAL

/** The signed-in user of `internal` (USER_AUTHENTICATION_REQUIRED, then EXPECTED_INTERNAL_PROJECT). */
export const internalUser = (
  actor: Actor
): Effect.Effect<ServerUser, UserAuthenticationRequired | ExpectedInternalProject> =>
  Effect.flatMap(signedInUser(actor), (user) =>
    isInternalProject(actor) ? Effect.succeed(user) : Effect.fail(new ExpectedInternalProject({}))
  )
