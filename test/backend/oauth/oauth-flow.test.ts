/**
 * The OAuth flow services in-process under the test clock: a flow the browser finishes after the outer
 * timeout ends at the error URL with OUTER_OAUTH_TIMEOUT; one finished in time yields a code.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll } from "vitest"
import { LOCAL_DEVELOPMENT_KEYS } from "../../../src/domain/local-keys.js"
import { layer } from "../../../backend/src/server.js"
import { DevProvider } from "../../../backend/src/oauth/protocol/dev-provider.js"
import { s256Challenge } from "../../../backend/src/oauth/protocol/pkce.js"
import { type AuthorizeQuery, startOAuthFlow } from "../../../backend/src/oauth/operations/oauth-authorize.js"
import { completeOAuthFlow, innerStateCookies } from "../../../backend/src/oauth/operations/oauth-callback.js"

type Built = Layer.Success<ReturnType<typeof layer>>
let scope: Scope.Closeable | undefined
let context: Context.Context<Built> | undefined

beforeAll(async () => {
  scope = Effect.runSync(Scope.make())
  context = await Effect.runPromise(Layer.buildWithScope(layer({ port: 0, db: "memory" }), scope))
})
afterAll(async () => {
  if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
})

const provided = <A, E>(effect: Effect.Effect<A, E, Built>) =>
  Effect.suspend(() => {
    if (context === undefined) return Effect.die(new Error("not started"))
    return Effect.provide(effect, context)
  })

const query: AuthorizeQuery = {
  client_id: LOCAL_DEVELOPMENT_KEYS.projectId,
  client_secret: LOCAL_DEVELOPMENT_KEYS.publishableClientKey,
  redirect_uri: "http://localhost:3000/handler/oauth-callback",
  error_redirect_url: "http://localhost:3000/handler/error",
  scope: "legacy",
  state: "client-state",
  grant_type: "authorization_code",
  code_challenge: s256Challenge("v".repeat(43)),
  code_challenge_method: "S256",
  response_type: "code",
  type: "authenticate"
}

/** authorize, wait `delay`, pick an identity on the development provider, call back. */
const flowAfter = (minutes: number) =>
  provided(
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.UTC(2030, 0, 1))
      const started = yield* startOAuthFlow("github", query, undefined)
      const page = new URL(started.location)
      yield* TestClock.adjust(Duration.minutes(minutes))
      const back = new URL(
        yield* (yield* DevProvider).approve(
          "github",
          {
            redirect_uri: page.searchParams.get("redirect_uri") ?? "",
            state: page.searchParams.get("state") ?? ""
          },
          { email: `clock-${minutes}@example.test` }
        )
      )
      const done = yield* completeOAuthFlow({
        providerId: "github",
        params: Object.fromEntries(back.searchParams),
        cookies: { [innerStateCookies(started.innerState)[1]]: "true" }
      })
      return new URL(done.location)
    })
  )

describe("OAuth flow timeout", () => {
  it.effect("a flow finished in time gets its code", () =>
    Effect.map(flowAfter(9), (landed) => {
      assert.strictEqual(landed.pathname, "/handler/oauth-callback")
      assert.isString(landed.searchParams.get("code"))
      assert.strictEqual(landed.searchParams.get("state"), "client-state")
    })
  )

  it.effect("a flow finished after ten minutes is OUTER_OAUTH_TIMEOUT", () =>
    Effect.map(flowAfter(11), (landed) => {
      assert.strictEqual(landed.pathname, "/handler/error")
      assert.strictEqual(landed.searchParams.get("error"), "OUTER_OAUTH_TIMEOUT")
      assert.strictEqual(
        landed.searchParams.get("error_description"),
        "The OAuth flow has timed out. Please sign in again."
      )
      assert.isNull(landed.searchParams.get("code"))
    })
  )
})
