/**
 * Path-parameter decoding as pure functions, on generated input: the backend's edge (`checkPart` of the
 * declaration's `params`, `decodeParts`) accepts exactly the ids the service accepts and names a bad one in its
 * words; the client's encoder (`encodeParams` of wire-codec.ts) refuses exactly what the backend refuses; and
 * the problems of several parts come out part by part in the declared order, none lost.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import type { RequestPart } from "../../../src/contract/declaration.js"
import { TeamsApi } from "../../../src/contract/teams.js"
import { TeamPermissionsApi } from "../../../src/contract/permissions.js"
import { encodeParams } from "../../../src/services/wire/wire-codec.js"
import { checkPart } from "../../../backend/src/http/request.js"
import { decodeParts, orderedProblems } from "../../../backend/src/http/request-parts.js"

const request = { method: "PATCH", originalUrl: "/api/v1/teams/x" }

/** Ids as callers send them: UUIDs (either case), `me`, near misses and any text. */
const segment = fc.oneof(
  fc.uuid(),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.constant("me"),
  fc.uuid().map((id) => id.slice(1)),
  fc.uuid().map((id) => `${id}x`),
  fc.string({ maxLength: 40 })
)

/**
 * The service's UUID rule (yup's `uuid()`: five groups of 8-4-4-4-12 hex digits, any case), written out here
 * character by character so that the schema under test is not its own oracle.
 */
const dashes = [8, 13, 18, 23]
const looksLikeUuid = (text: string): boolean =>
  text.length === 36 &&
  [...text].every((char, at) => (dashes.includes(at) ? char === "-" : "0123456789abcdefABCDEF".includes(char)))

const checkParams = (schemas: Readonly<Record<string, Schema.Codec<unknown, string>>>, value: object) =>
  Effect.runSync(Effect.result(checkPart(Schema.Struct(schemas), "params", value, "ignore")))

describe("path parameters at the backend's edge", () => {
  it("a team id passes exactly when it is a UUID, else one line names it", () => {
    const schemas = TeamsApi.update.params
    fc.assert(
      fc.property(segment, (teamId) => {
        const result = checkParams(schemas, { team_id: teamId })
        if (looksLikeUuid(teamId)) assert.deepStrictEqual(result, Result.succeed({ team_id: teamId }))
        else assert.deepStrictEqual(result, Result.fail(["params.team_id must be a valid UUID"]))
      }),
      { numRuns: 300 }
    )
  })

  it("every bad parameter of a path is named, in the path's order; `me` is a user id", () => {
    const schemas = TeamPermissionsApi.grant.params
    fc.assert(
      fc.property(segment, segment, fc.string({ maxLength: 12 }), (teamId, userId, permissionId) => {
        const result = checkParams(schemas, { team_id: teamId, user_id: userId, permission_id: permissionId })
        const expected = [
          ...(looksLikeUuid(teamId) ? [] : ["params.team_id must be a valid UUID"]),
          ...(userId === "me" || looksLikeUuid(userId) ? [] : ["params.user_id must be a valid UUID"]),
          ...(/^\$?[a-z0-9_:]+$/.test(permissionId) ? [] : ["params.permission_id"])
        ]
        const lines = Result.isFailure(result) ? result.failure : []
        assert.strictEqual(lines.length, expected.length)
        expected.forEach((line, i) => assert.isTrue((lines[i] ?? "").startsWith(line), `${lines[i]} / ${line}`))
      }),
      { numRuns: 300 }
    )
  })

  it("the client refuses exactly what the backend refuses (one schema, both sides)", () => {
    const schemas = TeamPermissionsApi.grant.params
    const encode = encodeParams(schemas)
    fc.assert(
      fc.property(segment, segment, fc.string({ maxLength: 12 }), (teamId, userId, permissionId) => {
        const values = { team_id: teamId, user_id: userId, permission_id: permissionId }
        const sent = Effect.runSync(Effect.result(encode(values)))
        const received = checkParams(schemas, values)
        assert.strictEqual(Result.isSuccess(sent), Result.isSuccess(received))
        if (Result.isSuccess(sent)) assert.deepStrictEqual(sent.success, values)
        else {
          // Every parameter the backend names, the client's message names too.
          const named = Result.isFailure(received) ? received.failure.map((line) => line.split(" ")[0]) : []
          for (const where of named) assert.include(sent.failure.message, `["${where?.slice("params.".length)}"]`)
        }
      }),
      { numRuns: 300 }
    )
  })
})

const PART_NAMES: ReadonlyArray<RequestPart> = ["params", "query", "body"]
const lines = fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 })

describe("the problems of several parts", () => {
  it("come part by part in the declared order (a part left out last), each line once", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...PART_NAMES]), lines, lines, lines, (order, params, query, body) => {
        const problems = { params, query, body }
        const ranked = [...order, ...PART_NAMES.filter((part) => !order.includes(part))]
        assert.deepStrictEqual(
          orderedProblems(order, problems),
          ranked.flatMap((part) => problems[part])
        )
      }),
      { numRuns: 300 }
    )
  })

  it("decodeParts answers the decoded parts when none fails, else one SCHEMA_ERROR with every line", () => {
    const part = (problems: ReadonlyArray<string>, value: string) =>
      problems.length === 0 ? Effect.succeed(value) : Effect.fail(problems)
    fc.assert(
      fc.property(fc.shuffledSubarray([...PART_NAMES]), lines, lines, lines, (order, params, query, body) => {
        const result = Effect.runSync(
          Effect.result(
            decodeParts(request, { params: part(params, "p"), query: part(query, "q"), body: part(body, "b") }, order)
          )
        )
        const all = orderedProblems(order, { params, query, body })
        if (Result.isSuccess(result)) {
          assert.deepStrictEqual([all, result.success], [[], { params: "p", query: "q", body: "b" }])
          return
        }
        assert.strictEqual(
          String(result.failure.details.message),
          `Request validation failed on PATCH /api/v1/teams/x:\n${all.map((line) => `  - ${line}`).join("\n")}`
        )
      }),
      { numRuns: 300 }
    )
  })
})
