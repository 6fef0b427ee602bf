/**
 * Password hashing with scrypt (memory-hard) and a per-password salt. The stored form names its
 * parameters, `scrypt$N$r$p$salt$hash`, so the cost can change without breaking old hashes: a hash is
 * verified at the cost it names, whatever `PasswordHashCost` says now.
 *
 * Users imported by a server with a `password_hash` keep that hash: bcrypt in Modular Crypt Format
 * (`$2a$`, `$2b$`, `$2y$`), the one algorithm the hosted service accepts, is verified with bcryptjs.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import * as bcrypt from "bcryptjs"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PasswordTooLong, PasswordTooShort } from "@stackfx/lib/errors/known/password.js"

/** The length limits the local backend reports in PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 70

/** scrypt's parameters: CPU/memory cost `N` (a power of two), block size `r`, parallelism `p`. */
export interface ScryptCost {
  readonly N: number
  readonly r: number
  readonly p: number
}

/** The cost new passwords are hashed at by default: N=2^14, r=8, 16 MiB of memory a hash. */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 16_384, r: 8, p: 1 }

/**
 * The test cost, 1,024 times cheaper, for throwaway test backends, where every sign-up and sign-in paid the
 * full cost in CPU (0.3 ms a hash here, against 5 ms at N=1,024 and 80 ms at production cost). Still real
 * scrypt: sign-in, wrong passwords and password changes behave as at production cost.
 */
export const FAST_SCRYPT_COST: ScryptCost = { N: 16, r: 8, p: 1 }

/** The cost new passwords are hashed at, and a missing account checked at; production unless told otherwise. */
export const PasswordHashCost = Context.Reference<ScryptCost>("stackfx-backend/PasswordHashCost", {
  defaultValue: () => PRODUCTION_SCRYPT_COST
})

const KEY_LENGTH = 32

/** scrypt itself failed (out of memory, bad parameters): a server fault, not a wrong password. */
export class PasswordHashError extends Schema.TaggedError<PasswordHashError>()("PasswordHashError", {
  message: Schema.String
}) {}

const derive = (password: string, salt: Buffer, N: number, r: number, p: number) =>
  Effect.callback<Buffer, PasswordHashError>((resume) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => {
      resume(error === null ? Effect.succeed(key) : Effect.fail(new PasswordHashError({ message: error.message })))
    })
  })

/** Fails with the known error when the password is outside 8..70 characters. */
export const checkPasswordLength = (password: string): Effect.Effect<void, PasswordTooShort | PasswordTooLong> =>
  password.length < PASSWORD_MIN_LENGTH
    ? Effect.fail(new PasswordTooShort({ details: { min_length: PASSWORD_MIN_LENGTH } }))
    : password.length > PASSWORD_MAX_LENGTH
      ? Effect.fail(new PasswordTooLong({ details: { maxLength: PASSWORD_MAX_LENGTH } }))
      : Effect.void

/** The stored form of a new password. */
export const hashPassword = (password: string): Effect.Effect<string, PasswordHashError> =>
  Effect.gen(function* () {
    const { N, r, p } = yield* PasswordHashCost
    const salt = yield* Effect.sync(() => randomBytes(16))
    const key = yield* derive(password, salt, N, r, p)
    return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$")
  })

// Compared against when the user has no password, so a missing account costs as much as a wrong password.
const dummyHash = ({ N, r, p }: ScryptCost) =>
  `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`

/** Above this cost a single check takes seconds; the hosted service refuses such hashes too. */
const BCRYPT_MAX_ROUNDS = 16
const BCRYPT_FORM = /^\$2[ayb]\$.{56}$/

const bcryptRounds = (hash: string): number | undefined => {
  if (!BCRYPT_FORM.test(hash)) return undefined
  try {
    return bcrypt.getRounds(hash)
  } catch {
    return undefined
  }
}

/**
 * True for a password hash a server may import: bcrypt in Modular Crypt Format with at most 16 rounds.
 *
 * @example isImportablePasswordHash("$2a$10$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi") // true
 */
export const isImportablePasswordHash = (hash: string): boolean => {
  const rounds = bcryptRounds(hash)
  return rounds !== undefined && rounds >= 4 && rounds <= BCRYPT_MAX_ROUNDS
}

const verifyBcrypt = (password: string, stored: string): Effect.Effect<boolean, PasswordHashError> =>
  Effect.tryPromise({
    try: () => bcrypt.compare(password, stored),
    catch: (error) => new PasswordHashError({ message: error instanceof Error ? error.message : String(error) })
  })

/** True when `password` matches `stored`; a missing or malformed hash never matches but costs the same. */
export const verifyPassword = (
  password: string,
  stored: string | null | undefined
): Effect.Effect<boolean, PasswordHashError> =>
  stored !== null && stored !== undefined && isImportablePasswordHash(stored)
    ? verifyBcrypt(password, stored)
    : verifyScrypt(password, stored)

const verifyScrypt = (password: string, stored: string | null | undefined): Effect.Effect<boolean, PasswordHashError> =>
  Effect.gen(function* () {
    const cost = yield* PasswordHashCost
    const parts = (stored ?? dummyHash(cost)).split("$")
    const [scheme, n, r, p, salt, hash] = parts
    const wellFormed = parts.length === 6 && scheme === "scrypt" && salt !== undefined && hash !== undefined
    const [N, R, P] = wellFormed ? [Number(n), Number(r), Number(p)] : [cost.N, cost.r, cost.p]
    const expected = wellFormed ? Buffer.from(hash, "base64") : Buffer.alloc(KEY_LENGTH)
    const key = yield* derive(password, wellFormed ? Buffer.from(salt, "base64") : Buffer.alloc(16), N, R, P)
    const same = key.length === expected.length && timingSafeEqual(key, expected)
    return same && wellFormed && stored !== null && stored !== undefined
  })
