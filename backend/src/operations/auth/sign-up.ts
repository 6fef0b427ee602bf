/**
 * A sign-up by the user (password, OTP / magic link, OAuth): a new user, or, when the request carries the
 * access token of an anonymous user, that same user upgraded. The hosted service does the same
 * (`createOrUpgradeAnonymousUserWithRules`): a guest who signs up keeps their id, metadata, teams and
 * everything else, and becomes a normal user (`is_anonymous` false, `signed_up_at` now). Its personal team,
 * still called "Personal Team", gets the name a new user's would have. The project's sign-up rules are
 * checked either way; a restricting rule adds its note to the private details the user already had.
 */
import { emitWebhook } from "../webhooks/emit.js"
import * as Effect from "effect/Effect"
import { RequestCountry } from "../../config.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import type { SignUpRejected } from "@stackfx/lib/errors/known/sign-in.js"
import { UserNotFound } from "@stackfx/lib/errors/known/users.js"
import { Db } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { findUserView } from "../../store/users/users.js"
import { checkSignUp, restrictionNote, type SignUpAttempt, signUpCountryCode } from "../config/sign-up-rules.js"
import { createUser, type CreateUserInput } from "../users/create-user.js"
import { endGuestState } from "../users/personal-team.js"
import { updateUser } from "../users/update-user.js"
import type { UserWriteError } from "../users/user-write-rules.js"

/** What a sign-up method gives the new (or upgraded) user. */
export interface SignUpInput extends Omit<CreateUserInput, "signUp" | "isAnonymous"> {
  readonly signUp: Omit<SignUpAttempt, "email">
}

/**
 * The user of a sign-up: `current` (the request's signed-in user) upgraded when it is anonymous, else a new
 * user. A signed-in user who is not anonymous does not matter: the sign-up makes a new user, as on the service.
 */
export const signUpUser = (
  project: StoredProject,
  current: ServerUser | undefined,
  input: SignUpInput
): Effect.Effect<ServerUser, UserWriteError | SignUpRejected | UserNotFound, Db> =>
  Effect.gen(function* () {
    const countryCode = signUpCountryCode(input.primaryEmail ?? current?.primaryEmail ?? null, yield* RequestCountry)
    const located = { ...input, signUp: { ...input.signUp, countryCode } }
    return yield* current?.isAnonymous === true
      ? upgradeGuest(project, current, located)
      : createUser(project, { ...located, countryCode })
  })

const upgradeGuest = (project: StoredProject, guest: ServerUser, input: SignUpInput) =>
  Effect.gen(function* () {
    const email = input.primaryEmail ?? guest.primaryEmail
    const decision = yield* checkSignUp(project, { ...input.signUp, email })
    const rule = decision.restrictedBy
    const note = rule === undefined ? undefined : restrictionNote(rule)
    const previous = guest.restrictedByAdminPrivateDetails
    yield* updateUser(project.id, guest.id, {
      ...(input.primaryEmail === undefined ? {} : { primaryEmail: input.primaryEmail }),
      ...(input.primaryEmailVerified === undefined ? {} : { primaryEmailVerified: input.primaryEmailVerified }),
      ...(input.primaryEmailAuthEnabled === undefined
        ? {}
        : { primaryEmailAuthEnabled: input.primaryEmailAuthEnabled }),
      ...(input.password === undefined ? {} : { password: input.password }),
      ...(input.otpAuthEnabled === undefined ? {} : { otpAuthEnabled: input.otpAuthEnabled }),
      // A guest keeps the country it was given; one without gets the sign-up's.
      ...(guest.countryCode == null && input.signUp.countryCode != null
        ? { countryCode: input.signUp.countryCode }
        : {}),
      // A provider's name and picture fill what the guest has not set; they never overwrite the guest's own.
      ...(input.displayName == null || guest.displayName !== null ? {} : { displayName: input.displayName }),
      ...(input.profileImageUrl == null || guest.profileImageUrl !== null
        ? {}
        : { profileImageUrl: input.profileImageUrl }),
      ...(note === undefined
        ? {}
        : {
            restrictedByAdmin: true,
            restrictedByAdminPrivateDetails:
              previous === null || previous === undefined ? note : `${previous}\n\n${note}`
          })
    })
    // After the e-mail and password are in (they may fail, e.g. an address already used): a guest whose
    // sign-up failed stays a guest.
    const upgraded = yield* Db.transaction(
      Effect.gen(function* () {
        yield* endGuestState(project.id, guest.id, input)
        const view = yield* findUserView(project.id, guest.id)
        if (view !== undefined) yield* emitWebhook(project.id, { type: "user.updated", data: view })
        return view
      })
    )
    return upgraded === undefined ? yield* Effect.fail(new UserNotFound({})) : upgraded
  })
