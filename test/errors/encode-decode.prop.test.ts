import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { decodeKnownError, encodeKnownError, knownErrorClasses } from "../../src/errors/index.js"
import { actualStatus } from "../../src/errors/wire-response.js"

// Details come from effect's schema-driven generator, seeded by fast-check so failures replay.
const sampleDetails = (schema: (typeof knownErrorClasses)[number]["detailsSchema"], seed: number, size: number) =>
  Effect.runPromise(
    Effect.map(Arbitrary.sampleEffect(Arbitrary.schema(schema), { count: 1, seed, size }), (xs) => xs[0])
  )

// JSON has no negative zero: -0 is sent as 0, which is the same number to every consumer.
const withoutNegativeZero = (value: unknown): unknown =>
  Object.is(value, -0)
    ? 0
    : Array.isArray(value)
      ? value.map(withoutNegativeZero)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]))
        : value

describe("encodeKnownError then decodeKnownError", () => {
  for (const cls of knownErrorClasses) {
    it(`round-trips ${cls.code}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.integer(),
          fc.integer({ min: 0, max: 20 }),
          fc.option(fc.string(), { nil: undefined }),
          async (overrideStatus, seed, size, customMessage) => {
            const details = await sampleDetails(cls.detailsSchema, seed, size)
            const original = cls.fromWire(details, customMessage)
            assert.isTrue(original._tag === "Success", `generated details must be valid for ${cls.code}`)
            if (original._tag !== "Success") return
            const error = original.success
            const wire = encodeKnownError(error, { overrideStatus })
            assert.strictEqual(actualStatus(wire), error.status)
            const decoded = decodeKnownError(wire)
            assert.isDefined(decoded)
            assert.strictEqual(decoded?._tag, error._tag)
            assert.strictEqual(decoded?.status, error.status)
            assert.strictEqual(decoded?.message, error.message)
            if (decoded?._tag === "KnownErrorMismatch") return assert.fail(decoded.message)
            assert.strictEqual(decoded?.code, error.code)
            assert.deepStrictEqual(decoded?.details, withoutNegativeZero(error.details))
            assert.strictEqual(Object.getPrototypeOf(decoded).constructor, cls)
          }
        ),
        { numRuns: 25 }
      )
    })
  }
})
