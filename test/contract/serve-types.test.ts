/**
 * What `serve` refuses to compile (backend/src/http/serve.ts): a handler whose answer the client could not
 * decode with the declared success, or whose error channel holds a known error the declaration does not
 * list. Each `@ts-expect-error` below fails the type check the day the refusal stops working.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TeamsApi } from "../../src/contract/teams.js"
import { UserNotFound } from "../../src/errors/known/users.js"
import { TeamNotFound } from "../../src/errors/known/teams.js"
import { serve } from "../../backend/src/http/serve.js"
import { endpoint } from "../../src/contract/declaration.js"
import { ConfigLevel } from "../../src/domain/project-config.js"
import { TeamId } from "../../src/domain/ids.js"
import { Refused } from "../../backend/src/errors/refused.js"

const team = {
  id: "t1",
  displayName: "Acme",
  profileImageUrl: null,
  clientMetadata: null,
  clientReadOnlyMetadata: null,
  serverMetadata: null,
  createdAt: new Date(0)
}

describe("serve's type checks", () => {
  it("accepts an answer of every view and the declared errors (and any that is not a known error)", () => {
    const served = serve(TeamsApi.get, () =>
      Effect.succeed(team).pipe(
        Effect.andThen(Effect.fail(new TeamNotFound({ details: { team_id: "t1" } }))),
        Effect.andThen(Effect.fail(new Refused({ reason: "forbidden", message: "no" })))
      )
    )
    assert.strictEqual(served.declaration, TeamsApi.get)
  })

  it("refuses a known error the declaration does not list", () => {
    // @ts-expect-error USER_NOT_FOUND is not among teams.get's errors
    const served = serve(TeamsApi.get, () => Effect.andThen(Effect.succeed(team), Effect.fail(new UserNotFound())))
    assert.isDefined(served)
  })

  it("refuses an answer the client cannot decode with the declared success", () => {
    // @ts-expect-error a team without its display name
    const served = serve(TeamsApi.get, () => Effect.succeed({ id: "t1" }))
    assert.isDefined(served)
  })

  it("hands the handler decoded path parameters, and refuses a parameter schema the path does not name", () => {
    const levels = endpoint({
      name: "test.levels",
      method: "GET",
      path: "/levels/{level}/{team_id}",
      params: { level: ConfigLevel, team_id: TeamId },
      access: ["admin"],
      success: TeamsApi.get.success,
      errors: []
    })
    const served = serve(levels, ({ params }) => {
      const level: "project" | "branch" | "environment" = params.level
      const teamId: string = params.team_id
      return Effect.succeed({ ...team, id: `${level}:${teamId}` })
    })
    assert.strictEqual(served.declaration, levels)
    const misnamed = endpoint({
      name: "test.misnamed",
      method: "GET",
      path: "/teams/{team_id}",
      // @ts-expect-error `teamId` is not a parameter of the path
      params: { teamId: TeamId },
      access: ["admin"],
      success: TeamsApi.get.success,
      errors: []
    })
    assert.isDefined(misnamed)
  })
})
