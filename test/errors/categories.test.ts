import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  AccessTokenExpired,
  InvalidAdminAccessTokenTags,
  isInvalidAccessToken,
  isProjectAuthenticationError,
  isVerificationError,
  type KnownError,
  knownErrorByCode,
  knownErrorCategories,
  type KnownErrorCode,
  ProjectAuthenticationErrorTags,
  RefreshTokenErrorTags,
  RefreshTokenNotFoundOrExpired,
  UnparsableAdminAccessToken,
  UserNotFound,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound,
  type VerificationError,
  VerificationErrorTags
} from "../../src/errors/index.js"
import { wireTable } from "./wire-table.js"

// The codes under a category in the hosted service's parent categories, following nested categories down.
const membersOf = (category: string): ReadonlyArray<string> =>
  wireTable
    .filter(([, , , parent]) => parent === category)
    .flatMap(([code, status]) => (status === "category" ? membersOf(code) : [code]))

const tagOf = (code: string) => knownErrorByCode[code as KnownErrorCode].tag

describe("known-error categories", () => {
  it("match the hosted service's parent categories, nested categories included", () => {
    const categories = wireTable
      .filter(([, status]) => status === "category")
      .map(([code]) => code)
      .sort()
    assert.deepStrictEqual(Object.keys(knownErrorCategories).sort(), categories)
    for (const [category, tags] of Object.entries(knownErrorCategories)) {
      assert.deepStrictEqual([...tags].sort(), membersOf(category).map(tagOf).sort(), category)
    }
  })

  it("include their grandchildren", () => {
    const projectAuth: ReadonlyArray<string> = ProjectAuthenticationErrorTags
    for (const tag of InvalidAdminAccessTokenTags) assert.include(projectAuth, tag)
    assert.isTrue(isProjectAuthenticationError(new UnparsableAdminAccessToken()))
    assert.isFalse(isProjectAuthenticationError(new UserNotFound()))
    assert.isTrue(isInvalidAccessToken(new AccessTokenExpired()))
    assert.isFalse(isInvalidAccessToken(new RefreshTokenNotFoundOrExpired()))
    assert.isFalse(isVerificationError({ _tag: 123 }))
    assert.isFalse(isVerificationError(null))
  })

  const verificationErrors: ReadonlyArray<KnownError> = [
    new VerificationCodeNotFound(),
    new VerificationCodeExpired(),
    new VerificationCodeAlreadyUsed(),
    new VerificationCodeMaxAttemptsReached()
  ]

  it.effect("catchTag(VerificationErrorTags) catches all four verification errors and nothing else", () =>
    Effect.gen(function* () {
      for (const error of verificationErrors) {
        const caught = yield* Effect.fail(error as KnownError).pipe(
          Effect.catchTag(VerificationErrorTags, (e: VerificationError) => Effect.succeed(e.code))
        )
        assert.strictEqual(caught, error.code)
        assert.isTrue(isVerificationError(error))
      }
      const passed = yield* Effect.fail(new UserNotFound() as KnownError).pipe(
        Effect.catchTag(VerificationErrorTags, () => Effect.succeed("caught")),
        Effect.flip
      )
      assert.strictEqual(passed._tag, "UserNotFound")
    })
  )

  it.effect("catchTag with a category tuple narrows the error channel", () =>
    Effect.gen(function* () {
      const program: Effect.Effect<string, KnownError> = Effect.fail(new RefreshTokenNotFoundOrExpired())
      const handled = program.pipe(Effect.catchTag(RefreshTokenErrorTags, () => Effect.succeed("signed out")))
      // The remaining error type excludes the category.
      const rest: Effect.Effect<
        string,
        Exclude<KnownError, { readonly _tag: (typeof RefreshTokenErrorTags)[number] }>
      > = handled
      assert.strictEqual(yield* rest, "signed out")
    })
  )
})
