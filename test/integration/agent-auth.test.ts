/**
 * Agent sign-in through the client tier against the local backend over HTTP: an agent registers, a signed-in
 * person inspects and approves (or denies) in another tier, the agent's wait ends with a session of its own on
 * the person's account; and each refusal as a typed error. Last, a model-based property: random runs of the
 * person's and the agent's steps against the backend answer as the state machine says.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schedule from "effect/Schedule"
import fc from "fast-check"
import { clientTier } from "../../src/layers/client.js"
import { AgentAuth } from "../../src/services/generated/agent-auth.js"
import { ActiveSessions } from "../../src/services/generated/active-sessions.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { type StoredTokens, TokenStore } from "../../src/services/session/token-store.js"
import type { AgentRegistration } from "../../src/domain/agent-auth.js"
import { expectStatus, type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const client = (project: TestProject, tokens: StoredTokens = { accessToken: null, refreshToken: null }) =>
  clientTier({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: TokenStore.memory(tokens)
  })

/** A project with the Agent Auth app installed (or not), and a person signed in to it. */
const setUp = (enabled = true) =>
  Effect.promise(async () => {
    const project = await backend.createProject()
    if (enabled) {
      expectStatus(
        await backend.call(project, "PATCH", "/internal/config/override/environment", {
          accessType: "admin",
          body: { config_override_string: JSON.stringify({ "apps.installed.agent-auth.enabled": true }) }
        }),
        200
      )
    }
    const person = await backend.signUp(project)
    return {
      project,
      person,
      agent: client(project),
      browser: client(project, { accessToken: person.accessToken, refreshToken: person.refreshToken })
    }
  })

const fast = { schedule: Schedule.spaced("20 millis") }

describe("AgentAuth", () => {
  it.live("register -> the person inspects and approves -> the agent's sign-in ends with its own session", () =>
    Effect.gen(function* () {
      const { person, agent, browser } = yield* setUp()
      const prompted = yield* Deferred.make<AgentRegistration>()
      const signIn = yield* Effect.forkChild(
        Effect.gen(function* () {
          const session = yield* AgentAuth.use((a) =>
            a.signIn({
              agent: { name: "Triage bot", description: "Sorts the support inbox" },
              userHint: "the owner",
              prompt: (registration) => Deferred.succeed(prompted, registration).pipe(Effect.asVoid),
              ...fast
            })
          )
          const me = yield* CurrentUser.use((c) => c.get)
          return { session, me }
        }).pipe(Effect.provide(agent))
      )
      const registration = yield* Deferred.await(prompted)
      assert.match(registration.claimCode, /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
      assert.strictEqual(new URL(registration.confirmUrl).searchParams.get("code"), registration.claimCode)
      assert.isTrue(new URL(registration.confirmUrl).pathname.endsWith("/handler/agent-auth-confirm"))

      const seen = yield* AgentAuth.use((a) => a.inspect(registration.claimCode.toLowerCase())).pipe(
        Effect.provide(browser)
      )
      assert.deepStrictEqual(seen.agent, { name: "Triage bot", description: "Sorts the support inbox", url: null })
      assert.strictEqual(seen.userHint, "the owner")
      assert.strictEqual(seen.status, "waiting")
      const approved = yield* AgentAuth.use((a) => a.approve(registration.claimCode)).pipe(Effect.provide(browser))
      assert.strictEqual(approved.status, "success")

      const { session, me } = yield* Fiber.join(signIn)
      assert.strictEqual(session.userId, person.userId)
      assert.notStrictEqual(session.refreshToken, person.refreshToken)
      assert.strictEqual(me?.id, person.userId)
      // The person's session list shows the agent's session under its name.
      const sessions = yield* ActiveSessions.use((s) => s.list).pipe(Effect.provide(browser))
      assert.deepStrictEqual(sessions.map((s) => s.agentName).sort(), ["Triage bot", null].sort())
      // The claim code is spent.
      const again = yield* Effect.flip(
        AgentAuth.use((a) => a.approve(registration.claimCode)).pipe(Effect.provide(browser))
      )
      assert.strictEqual(again._tag, "AgentAuthInvalidClaimCode")
    })
  )

  it.live("a refusal ends the agent's wait with AgentAuthDenied and its anonymous session", () =>
    Effect.gen(function* () {
      const { project, agent, browser } = yield* setUp()
      const registration = yield* AgentAuth.use((a) => a.register({ agent: { name: "Bot" } })).pipe(
        Effect.provide(agent)
      )
      const denied = yield* AgentAuth.use((a) => a.deny(registration.claimCode)).pipe(Effect.provide(browser))
      assert.strictEqual(denied.status, "denied")
      const ended = yield* Effect.flip(AgentAuth.use((a) => a.waitFor(registration, fast)).pipe(Effect.provide(agent)))
      assert.strictEqual(ended._tag, "AgentAuthDenied")
      const refresh = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/sessions/current/refresh", {
          accessType: "client",
          headers: { "x-stack-refresh-token": registration.anonymousSession.refreshToken }
        })
      )
      assert.strictEqual(refresh.status, 401)
    })
  )

  it.live("each refusal is a typed error", () =>
    Effect.gen(function* () {
      const off = yield* setUp(false)
      const notEnabled = yield* Effect.flip(
        AgentAuth.use((a) => a.register({ agent: { name: "Bot" } })).pipe(Effect.provide(off.agent))
      )
      assert.strictEqual(notEnabled._tag, "AgentAuthNotEnabled")
      const discovery = yield* AgentAuth.use((a) => a.discover).pipe(Effect.provide(off.agent))
      assert.isFalse(discovery.hexclaveAgentAuth.enabled)
      assert.include(yield* AgentAuth.use((a) => a.guide).pipe(Effect.provide(off.agent)), "not enabled")

      const { agent, browser } = yield* setUp()
      const untrusted = yield* Effect.flip(
        AgentAuth.use((a) => a.register({ agent: { name: "Bot" }, appUrl: "https://evil.example.org" })).pipe(
          Effect.provide(agent)
        )
      )
      assert.strictEqual(untrusted._tag, "RedirectUrlNotWhitelisted")
      const tooShort = yield* Effect.flip(
        AgentAuth.use((a) => a.register({ agent: { name: "Bot" }, expiresInMillis: 1000 })).pipe(Effect.provide(agent))
      )
      assert.strictEqual(tooShort._tag, "InvalidInput")
      const unknownToken = yield* Effect.flip(AgentAuth.use((a) => a.poll("not-a-token")).pipe(Effect.provide(agent)))
      assert.strictEqual(unknownToken._tag, "InvalidPollingCode")
      const unknownCode = yield* Effect.flip(AgentAuth.use((a) => a.inspect("ZZZZ-ZZZZ")).pipe(Effect.provide(browser)))
      assert.strictEqual(unknownCode._tag, "AgentAuthInvalidClaimCode")
      const short = yield* AgentAuth.use((a) => a.register({ agent: { name: "Bot" }, expiresInMillis: 30_000 })).pipe(
        Effect.provide(agent)
      )
      const timedOut = yield* Effect.flip(
        AgentAuth.use((a) => a.waitFor(short, { schedule: Schedule.recurs(1) })).pipe(Effect.provide(agent))
      )
      assert.strictEqual(timedOut._tag, "AgentAuthTimedOut")
    })
  )

  it.live("random runs of the person's and the agent's steps answer as the state machine says", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom("inspect", "approve", "deny", "poll"), { minLength: 1, maxLength: 6 }),
          async (steps) => {
            const run = Effect.gen(function* () {
              const { agent, browser } = yield* setUp()
              const registration = yield* AgentAuth.use((a) => a.register({ agent: { name: "Bot" } })).pipe(
                Effect.provide(agent)
              )
              // The model: waiting until a decision; an approval is picked up by the next poll, once.
              let state: "waiting" | "success" | "denied" | "used" = "waiting"
              for (const step of steps) {
                if (step === "poll") {
                  const answer = yield* AgentAuth.use((a) => a.poll(registration.pollToken)).pipe(Effect.provide(agent))
                  assert.strictEqual(answer.status, state)
                  assert.strictEqual(answer.session !== undefined, state === "success")
                  if (state === "success") state = "used"
                } else {
                  const call = AgentAuth.use((a) =>
                    step === "inspect"
                      ? a.inspect(registration.claimCode)
                      : step === "approve"
                        ? a.approve(registration.claimCode)
                        : a.deny(registration.claimCode)
                  ).pipe(Effect.provide(browser))
                  const outcome = yield* Effect.result(call)
                  if (state !== "waiting") {
                    assert.isTrue(outcome._tag === "Failure" && outcome.failure._tag === "AgentAuthInvalidClaimCode")
                  } else {
                    assert.strictEqual(outcome._tag, "Success")
                    if (step === "approve") state = "success"
                    if (step === "deny") state = "denied"
                  }
                }
              }
            })
            await Effect.runPromise(run)
          }
        ),
        { numRuns: 12 }
      )
    )
  )
})
