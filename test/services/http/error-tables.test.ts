/**
 * Error tables (http/transport.ts `ErrorTable`): a service's known-error tags are written once, and both the Shape's
 * error channels and the runtime narrowing come from them. The type tests pin a few channels to the exact
 * unions users saw before the tables; the runtime tests show the narrowing reads the same table.
 */
import { assert, describe, expectTypeOf, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { InvalidInput } from "../../../src/errors/client/invalid-input.js"
import type { CallbackUrlRequired, NoPrimaryEmail } from "../../../src/errors/client/email-preconditions.js"
import type { NotSignedIn } from "../../../src/errors/client/session.js"
import { TeamNotFound } from "../../../src/errors/known/teams.js"
import { RestrictedUserNotAllowed, UserNotFound } from "../../../src/errors/known/users.js"
import { AnonymousAuthenticationNotAllowed } from "../../../src/errors/known/session.js"
import { type CallError, documented, type KnownErrorOf } from "../../../src/services/http/transport.js"
import type { AdminAuthErrorTag } from "../../../src/services/projects/admin-auth.js"
import type { ApiKeysShape } from "../../../src/services/generated/project-keys.js"
import type { TeamsShape } from "../../../src/services/generated/teams.js"
import { atView } from "../../../src/contract/declaration.js"
import { TeamsApi } from "../../../src/contract/teams.js"
import type { KnownErrorTag } from "../../../src/errors/known/registry.js"

const TeamsErrors = { get: atView<ReadonlyArray<KnownErrorTag>>(TeamsApi.get.errors, "client") ?? [] }
import type { AuthShape } from "../../../src/services/generated/auth.js"
import type { SignUpFailure } from "../../../src/services/auth/auth.js"
import type { CurrentUserShape } from "../../../src/services/generated/current-user.js"

type ErrorOf<F extends (...args: never) => Effect.Effect<unknown, unknown, unknown>> = Effect.Error<ReturnType<F>>

describe("error tables", () => {
  it("a Shape's error channel names exactly the table's tags plus the pipeline's errors", () => {
    // A team id that is not a UUID is refused before sending (the declaration's path schema).
    expectTypeOf<ErrorOf<TeamsShape["get"]>>().toEqualTypeOf<
      KnownErrorOf<"UserAuthenticationRequired" | "TeamMembershipNotFound" | "TeamNotFound"> | CallError | InvalidInput
    >()
    type OneTagShort = KnownErrorOf<"TeamMembershipNotFound" | "TeamNotFound"> | CallError | InvalidInput
    // @ts-expect-error one tag short is a different channel
    expectTypeOf<ErrorOf<TeamsShape["get"]>>().toEqualTypeOf<OneTagShort>()
    expectTypeOf<Effect.Error<TeamsShape["list"]>>().toEqualTypeOf<
      KnownErrorOf<"CannotGetOwnUserWithoutUser"> | CallError
    >()
  })

  it("admin tables carry the admin-token errors", () => {
    expectTypeOf<ErrorOf<ApiKeysShape["get"]>>().toEqualTypeOf<
      KnownErrorOf<AdminAuthErrorTag | "ApiKeyNotFound"> | CallError | InvalidInput
    >()
  })

  it("named failure types keep their members, the client's own checks included", () => {
    expectTypeOf<SignUpFailure>().toEqualTypeOf<
      | InvalidInput
      | CallbackUrlRequired
      | KnownErrorOf<
          | "UserEmailAlreadyExists"
          | "PasswordTooShort"
          | "PasswordTooLong"
          | "SignUpNotEnabled"
          | "SignUpRejected"
          | "PasswordAuthenticationNotEnabled"
          | "RedirectUrlNotWhitelisted"
          | "MultiFactorAuthenticationRequired"
          | "PasswordConfirmationMismatch"
          | "ContactChannelAlreadyUsedForAuthBySomeoneElse"
          | "BotChallengeRequired"
          | "BotChallengeFailed"
        >
      | CallError
    >()
    expectTypeOf<ErrorOf<AuthShape["sendVerificationEmail"]>>().toEqualTypeOf<
      | NotSignedIn
      | NoPrimaryEmail
      | CallbackUrlRequired
      | KnownErrorOf<
          "EmailAlreadyVerified" | "EmailIsNotPrimaryEmail" | "RedirectUrlNotWhitelisted" | "UserAuthenticationRequired"
        >
      | CallError
    >()
    expectTypeOf<Effect.Error<CurrentUserShape["delete"]>>().toEqualTypeOf<
      KnownErrorOf<"UserAuthenticationRequired" | "CannotGetOwnUserWithoutUser"> | CallError
    >()
  })

  it.effect("the narrowing keeps a tag of the method's table and folds any other known error", () =>
    Effect.gen(function* () {
      const kept = yield* Effect.flip(
        Effect.fail(new TeamNotFound({ details: { team_id: "t1" } })).pipe(documented(...TeamsErrors.get))
      )
      assert.strictEqual(kept._tag, "TeamNotFound")
      // UserNotFound is in ServerTeams' table for addMember, not in Teams.get's.
      const folded = yield* Effect.flip(Effect.fail(new UserNotFound()).pipe(documented(...TeamsErrors.get)))
      assert.strictEqual(folded._tag, "UnexpectedKnownError")
      assert.strictEqual(folded.code, "USER_NOT_FOUND")
    })
  )

  it.effect("every call keeps the service's refusal of a restricted or anonymous session, whatever its table", () =>
    Effect.gen(function* () {
      const restricted = new RestrictedUserNotAllowed({
        details: { restricted_reason: { type: "email_not_verified" } }
      })
      const kept = yield* Effect.flip(Effect.fail(restricted).pipe(documented()))
      assert.strictEqual(kept._tag, "RestrictedUserNotAllowed")
      const anonymous = yield* Effect.flip(
        Effect.fail(new AnonymousAuthenticationNotAllowed({})).pipe(documented(...TeamsErrors.get))
      )
      assert.strictEqual(anonymous._tag, "AnonymousAuthenticationNotAllowed")
      expectTypeOf<
        Extract<CallError, { readonly _tag: "RestrictedUserNotAllowed" }>
      >().toEqualTypeOf<RestrictedUserNotAllowed>()
    })
  )
})
