/**
 * `POST /internal/sign-up-rules-test` over HTTP (the service's route at 2f719903), and the country a sign-up
 * takes from the request's headers as the service reads them without a trusted proxy (a browser's User-Agent,
 * an IP address, `x-vercel-ip-country` or `cf-ipcountry`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const withRules = (rules: Record<string, unknown>, defaultAction: "allow" | "reject" = "allow") =>
  Effect.gen(function* () {
    const project = yield* promise(() => backend.createProject({ config: { credential_enabled: true } }))
    yield* promise(async () =>
      expectStatus(
        await backend.call(project, "PATCH", "/internal/config/override/environment", {
          accessType: "admin",
          body: {
            config_override_string: JSON.stringify({ ...rules, "auth.signUpRulesDefaultAction": defaultAction })
          }
        }),
        200
      )
    )
    return project
  })

const tester = (project: TestProject, body: Record<string, unknown>, headers?: Record<string, string>) =>
  promise(() =>
    backend.call(project, "POST", "/internal/sign-up-rules-test", {
      accessType: "admin",
      body: { email: "user@example.com", auth_method: "password", oauth_provider: null, country_code: null, ...body },
      ...(headers === undefined ? {} : { headers })
    })
  )

const BROWSER_IN = (country: string) => ({
  "user-agent": "Mozilla/5.0",
  "x-forwarded-for": "127.0.0.1",
  "x-vercel-ip-country": country
})

describe("POST /internal/sign-up-rules-test", () => {
  it.live("answers the default action, and the context, when no rule exists", () =>
    Effect.gen(function* () {
      const project = yield* withRules({})
      const answer = yield* tester(project, { email: "  User@Example.COM " })
      assert.strictEqual(answer.status, 200, answer.text)
      assert.deepStrictEqual(answer.body, {
        context: {
          email: "user@example.com",
          email_domain: "example.com",
          country_code: "",
          auth_method: "password",
          oauth_provider: "",
          turnstile_result: "invalid",
          risk_scores: { bot: 0, free_trial_abuse: 0 }
        },
        evaluations: [],
        outcome: {
          should_allow: true,
          decision: "default-allow",
          decision_rule_id: null,
          restricted_because_of_rule_id: null
        }
      })
    })
  )

  it.live("traces every rule in order up to the deciding one, with each status", () =>
    Effect.gen(function* () {
      const project = yield* withRules({
        "auth.signUpRules.a-log": {
          enabled: true,
          displayName: "Log",
          priority: 5,
          condition: 'emailDomain == "example.com"',
          action: { type: "log" }
        },
        "auth.signUpRules.b-off": { enabled: false, priority: 4, condition: "true", action: { type: "reject" } },
        "auth.signUpRules.c-none": { enabled: true, priority: 3, action: { type: "reject" } },
        "auth.signUpRules.d-broken": { enabled: true, priority: 2, condition: "email ==", action: { type: "reject" } },
        "auth.signUpRules.e-restrict": {
          enabled: true,
          priority: 1,
          condition: 'authMethod == "oauth"',
          action: { type: "restrict" }
        },
        "auth.signUpRules.f-reject": {
          enabled: true,
          priority: 0,
          condition: 'oauthProvider == "google"',
          action: { type: "reject", message: "No Google" }
        },
        "auth.signUpRules.g-after": { enabled: true, priority: 0, condition: "true", action: { type: "allow" } }
      })
      const answer = yield* tester(project, { auth_method: "oauth", oauth_provider: "google" })
      assert.strictEqual(answer.status, 200, answer.text)
      const evaluations: ReadonlyArray<{ rule_id: string; status: string; error?: string }> = answer.body.evaluations
      assert.deepStrictEqual(
        evaluations.map((e) => [e.rule_id, e.status]),
        [
          ["a-log", "matched"],
          ["b-off", "disabled"],
          ["c-none", "missing_condition"],
          ["d-broken", "error"],
          ["e-restrict", "matched"],
          ["f-reject", "matched"]
        ]
      )
      assert.isString(evaluations[3]?.error)
      assert.deepStrictEqual(answer.body.evaluations[5], {
        rule_id: "f-reject",
        display_name: "",
        enabled: true,
        condition: 'oauthProvider == "google"',
        status: "matched",
        action: { type: "reject", message: "No Google" }
      })
      assert.deepStrictEqual(answer.body.outcome, {
        should_allow: false,
        decision: "reject",
        decision_rule_id: "f-reject",
        restricted_because_of_rule_id: "e-restrict"
      })
    })
  )

  it.live("uses the risk scores and bot challenge result given, else derived ones", () =>
    Effect.gen(function* () {
      const project = yield* withRules({
        "auth.signUpRules.bots": { enabled: true, condition: "riskScores.bot >= 50", action: { type: "reject" } }
      })
      const given = yield* tester(project, { turnstile_result: "ok", risk_scores: { bot: 80, free_trial_abuse: 3 } })
      assert.deepInclude(given.body.context, { turnstile_result: "ok", risk_scores: { bot: 80, free_trial_abuse: 3 } })
      assert.strictEqual(given.body.outcome.decision, "reject")
      const derived = yield* tester(project, {})
      assert.deepStrictEqual(derived.body.context.risk_scores, { bot: 0, free_trial_abuse: 0 })
      assert.strictEqual(derived.body.outcome.decision, "default-allow")
    })
  )

  it.live("takes the country given (normalized), else the e-mail's tag, else the request's claimed country", () =>
    Effect.gen(function* () {
      const project = yield* withRules(
        {
          "auth.signUpRules.na": { enabled: true, condition: 'countryCode in ["US", "CA"]', action: { type: "allow" } }
        },
        "reject"
      )
      const given = yield* tester(project, { country_code: " us " }, BROWSER_IN("DE"))
      assert.strictEqual(given.body.context.country_code, "US")
      assert.strictEqual(given.body.outcome.decision, "allow")
      const tagged = yield* tester(project, { email: "someone+ca@example.com" }, BROWSER_IN("DE"))
      assert.strictEqual(tagged.body.context.country_code, "CA")
      const claimed = yield* tester(project, {}, BROWSER_IN("ca"))
      assert.strictEqual(claimed.body.context.country_code, "CA")
      // Not a browser, or no IP address: the headers say nothing.
      const server = yield* tester(project, {}, { "x-forwarded-for": "127.0.0.1", "cf-ipcountry": "CA" })
      assert.strictEqual(server.body.context.country_code, "")
      const noIp = yield* tester(project, {}, { "user-agent": "Mozilla/5.0", "cf-ipcountry": "CA" })
      assert.strictEqual(noIp.body.context.country_code, "")
      assert.strictEqual(noIp.body.outcome.decision, "default-reject")
    })
  )

  it.live("refuses a body missing a field, a bad method or country, and non-admin callers", () =>
    Effect.gen(function* () {
      const project = yield* withRules({})
      for (const body of [
        { email: undefined },
        { auth_method: "magic" },
        { country_code: "usa" },
        { risk_scores: { bot: 101, free_trial_abuse: 0 } },
        { turnstile_result: "maybe" }
      ]) {
        const refused = yield* tester(project, body)
        assert.strictEqual(refused.status, 400, JSON.stringify(body))
        assert.strictEqual(refused.body.code, "SCHEMA_ERROR")
      }
      const server = yield* promise(() =>
        backend.call(project, "POST", "/internal/sign-up-rules-test", {
          accessType: "server",
          body: { email: null, auth_method: "otp", oauth_provider: null, country_code: null }
        })
      )
      assert.strictEqual(server.status, 401)
      assert.strictEqual(server.body.code, "INSUFFICIENT_ACCESS_TYPE")
    })
  )
})

describe("a sign-up's country from the request's headers", () => {
  it.live("is what a countryCode rule sees on a real sign-up", () =>
    Effect.gen(function* () {
      const project = yield* withRules({
        "auth.signUpRules.block-us": { enabled: true, condition: 'countryCode == "US"', action: { type: "reject" } }
      })
      const signUp = (headers: Record<string, string>) =>
        promise(() =>
          backend.call(project, "POST", "/auth/password/sign-up", {
            accessType: "client",
            headers,
            body: { email: uniqueEmail(), password: "a-long-password-1" }
          })
        )
      const fromUs = yield* signUp({
        "user-agent": "Mozilla/5.0",
        "cf-connecting-ip": "203.0.113.9",
        "cf-ipcountry": "US"
      })
      assert.strictEqual(fromUs.status, 403)
      assert.strictEqual(fromUs.body.code, "SIGN_UP_REJECTED")
      const fromDe = yield* signUp({
        "user-agent": "Mozilla/5.0",
        "cf-connecting-ip": "203.0.113.9",
        "cf-ipcountry": "DE"
      })
      assert.strictEqual(fromDe.status, 200, fromDe.text)
      const user = yield* promise(() =>
        backend.call(project, "GET", `/users/${fromDe.body.user_id}`, { accessType: "server" })
      )
      assert.strictEqual(user.body.country_code, "DE")
    })
  )
})
