/**
 * The request fields the hosted service accepts (its routes at 2f719903), sent to the local backend over HTTP:
 * each is taken, and what the service refuses is refused. The bot-challenge fields of the routes that may create
 * a user (judged as the service's development setup judges them: `mock-turnstile-*` tokens, any other token
 * passes), the server's `country_code`, `risk_scores` and `is_anonymous` on users, the token endpoint's extra
 * form fields, authorize's JSON mode, and the query keys of a CRUD route on each of its methods.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { authorizeUrl } from "./support/oauth-browser.js"
import { expectStatus, type TestProject, uniqueEmail, useKitBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"

const backend = useKitBackend()

const CALLBACK = "http://localhost:3000/handler/magic-link-callback"
const REDIRECT = "http://localhost:3000/handler/oauth-callback"
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

const signUp = (project: TestProject, fields: Record<string, unknown>) =>
  backend.call(project, "POST", "/auth/password/sign-up", {
    body: { email: uniqueEmail("bot"), password: "correct horse battery", ...fields }
  })

describe("bot challenges on password sign-up", () => {
  it("takes a token, with or without a phase, and refuses as the service's phases do", async () => {
    const project = await backend.createProject()
    // A token for this action, any other token (a development site key's), and no phase at all: signed up.
    expectStatus(await signUp(project, { bot_challenge_token: "mock-turnstile-ok:sign_up_with_credential" }), 200)
    expectStatus(await signUp(project, { bot_challenge_token: "a-development-site-key-token" }), 200)
    // Without a phase (an older client) a failed token is only recorded.
    expectStatus(await signUp(project, { bot_challenge_token: "mock-turnstile-invalid" }), 200)
    expectStatus(await signUp(project, {}), 200)
    expectStatus(
      await signUp(project, {
        bot_challenge_token: "mock-turnstile-ok:sign_up_with_credential",
        bot_challenge_phase: "invisible"
      }),
      200
    )
    expectStatus(
      await signUp(project, {
        bot_challenge_token: "mock-turnstile-visible-ok:sign_up_with_credential",
        bot_challenge_phase: "visible"
      }),
      200
    )

    // The invisible phase failed (or its token was for another action): a visible challenge is due.
    for (const token of ["mock-turnstile-invalid", "mock-turnstile-error", "mock-turnstile-ok:oauth_authenticate"]) {
      const required = await signUp(project, { bot_challenge_token: token, bot_challenge_phase: "invisible" })
      assert.strictEqual(required.status, 409)
      assert.strictEqual(required.knownError, "BOT_CHALLENGE_REQUIRED")
    }
    const noToken = await signUp(project, { bot_challenge_phase: "invisible" })
    assert.strictEqual(noToken.knownError, "BOT_CHALLENGE_REQUIRED")

    const failed = await signUp(project, {
      bot_challenge_token: "mock-turnstile-invalid",
      bot_challenge_phase: "visible"
    })
    assert.strictEqual(failed.status, 400)
    assert.strictEqual(failed.knownError, "BOT_CHALLENGE_FAILED")
    assert.deepStrictEqual(failed.body.details, { message: "Visible bot challenge verification failed" })

    // A page that could not show a challenge: the sign-up it leads to is refused.
    const unavailable = await signUp(project, { bot_challenge_unavailable: "true" })
    assert.strictEqual(unavailable.knownError, "BOT_CHALLENGE_FAILED")
    assert.deepStrictEqual(unavailable.body.details, { message: "Visible bot challenge could not be completed" })
  })

  it("refuses what the service refuses", async () => {
    const project = await backend.createProject()
    for (const fields of [
      { bot_challenge_phase: "sideways" },
      { bot_challenge_unavailable: "false" },
      { bot_challenge_other: "x" }
    ]) {
      const refused = await signUp(project, fields)
      assert.strictEqual(refused.knownError, "SCHEMA_ERROR", JSON.stringify(fields))
    }
    // The service fails this contradiction with a server error; the local backend with a plain 400.
    const contradiction = await signUp(project, {
      bot_challenge_unavailable: "true",
      bot_challenge_token: "mock-turnstile-ok:sign_up_with_credential"
    })
    assert.strictEqual(contradiction.status, 400)
    assert.isNull(contradiction.knownError)
  })
})

describe("bot challenges on the OTP send", () => {
  it.effect(
    "takes the fields, refuses a failed invisible phase, and keeps an unavailable challenge for the sign-up",
    () =>
      Effect.gen(function* () {
        const project = yield* Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } }))
        const send = (email: string, fields: Record<string, unknown>) =>
          Effect.promise(() =>
            backend.call(project, "POST", "/auth/otp/send-sign-in-code", {
              body: { email, callback_url: CALLBACK, ...fields }
            })
          )
        const ok = uniqueEmail("otp")
        expectStatus(yield* send(ok, { bot_challenge_token: "mock-turnstile-ok:send_magic_link_email" }), 200)
        const signedIn = yield* Effect.promise(async () => {
          const mail = await Effect.runPromise(latestMailTo(backend, ok))
          return backend.call(project, "POST", "/auth/otp/sign-in", { body: { code: codeFromMail(mail, CALLBACK) } })
        })
        assert.strictEqual(expectStatus(signedIn, 200).body.is_new_user, true)

        const required = yield* send(uniqueEmail("otp"), {
          bot_challenge_token: "mock-turnstile-ok:sign_up_with_credential",
          bot_challenge_phase: "invisible"
        })
        assert.strictEqual(required.knownError, "BOT_CHALLENGE_REQUIRED")

        const guest = uniqueEmail("otp")
        expectStatus(yield* send(guest, { bot_challenge_unavailable: "true" }), 200)
        const refused = yield* Effect.promise(async () => {
          const mail = await Effect.runPromise(latestMailTo(backend, guest))
          return backend.call(project, "POST", "/auth/otp/sign-in", { body: { code: codeFromMail(mail, CALLBACK) } })
        })
        assert.strictEqual(refused.knownError, "BOT_CHALLENGE_FAILED")
      })
  )
})

describe("OAuth authorize", () => {
  const githubProject = () => backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
  const authorize = (project: TestProject, extra: Record<string, string>) =>
    fetch(
      authorizeUrl(backend.localBackend(), project, {
        provider: "github",
        redirectUri: REDIRECT,
        state: "client-state",
        challenge: CHALLENGE,
        extra
      }),
      { redirect: "manual" }
    )

  it("answers the location as JSON in either brand's JSON mode, and a 307 with its cookie otherwise", async () => {
    const project = await githubProject()
    for (const mode of ["stack_response_mode", "hexclave_response_mode"]) {
      const response = await authorize(project, { [mode]: "json" })
      assert.strictEqual(response.status, 200)
      assert.isNull(response.headers.get("set-cookie"))
      const body = (await response.json()) as { readonly location: string }
      // The development provider's page, where a redirect would have sent the browser.
      assert.include(body.location, "/dev-oauth/github")
    }
    for (const extra of [{}, { stack_response_mode: "redirect" }]) {
      const redirect = await authorize(project, extra)
      assert.strictEqual(redirect.status, 307)
      assert.include(redirect.headers.get("set-cookie") ?? "", "stack-oauth-inner-")
    }
    const bad = await authorize(project, { stack_response_mode: "popup" })
    assert.strictEqual(bad.headers.get("x-stack-known-error"), "SCHEMA_ERROR")
  })

  it("takes the bot-challenge fields and refuses a failed invisible phase", async () => {
    const project = await githubProject()
    const passed = await authorize(project, {
      bot_challenge_token: "mock-turnstile-ok:oauth_authenticate",
      bot_challenge_phase: "invisible",
      stack_response_mode: "json"
    })
    assert.strictEqual(passed.status, 200)
    const required = await authorize(project, {
      bot_challenge_token: "mock-turnstile-invalid",
      bot_challenge_phase: "invisible"
    })
    assert.strictEqual(required.headers.get("x-stack-known-error"), "BOT_CHALLENGE_REQUIRED")
  })

  it("takes any challenge method and an unknown key, as the service's authorize does", async () => {
    const project = await githubProject()
    const response = await fetch(
      authorizeUrl(backend.localBackend(), project, {
        provider: "github",
        redirectUri: REDIRECT,
        state: "client-state",
        challenge: "some-code-challenge",
        extra: { code_challenge_method: "plain", ttclid: "injected-by-a-browser" }
      }),
      { redirect: "manual" }
    )
    assert.strictEqual(response.status, 307)
  })
})

describe("server users", () => {
  it("take country_code, risk_scores and is_anonymous, and refuse what the service refuses", async () => {
    const project = await backend.createProject()
    const server = { accessType: "server" as const }
    const created = expectStatus(
      await backend.call(project, "POST", "/users", {
        ...server,
        body: { country_code: " fr ", risk_scores: { sign_up: { bot: 10, free_trial_abuse: 90 } }, is_anonymous: true }
      }),
      201
    ).body
    assert.strictEqual(created.country_code, "FR")
    assert.deepStrictEqual(created.risk_scores, { sign_up: { bot: 10, free_trial_abuse: 90 } })
    assert.strictEqual(created.is_anonymous, true)

    const upgraded = expectStatus(
      await backend.call(project, "PATCH", `/users/${created.id}`, {
        ...server,
        body: { is_anonymous: false, country_code: null, risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } } }
      }),
      200
    ).body
    assert.strictEqual(upgraded.is_anonymous, false)
    assert.isNull(upgraded.country_code)
    assert.deepStrictEqual(upgraded.risk_scores, { sign_up: { bot: 0, free_trial_abuse: 0 } })

    const plain = expectStatus(await backend.call(project, "POST", "/users", { ...server, body: {} }), 201).body
    assert.isNull(plain.country_code)
    assert.deepStrictEqual(plain.risk_scores, { sign_up: { bot: 0, free_trial_abuse: 0 } })

    for (const [method, path, body] of [
      ["POST", "/users", { country_code: "usa" }],
      ["POST", "/users", { risk_scores: { sign_up: { bot: 101, free_trial_abuse: 0 } } }],
      ["POST", "/users", { risk_scores: { sign_up: { bot: 1.5, free_trial_abuse: 0 } } }],
      ["PATCH", `/users/${created.id}`, { is_anonymous: true }],
      ["PATCH", `/users/${created.id}`, { profile_image_url: "" }]
    ] as const) {
      const refused = await backend.call(project, method, path, { ...server, body })
      assert.strictEqual(refused.knownError, "SCHEMA_ERROR", JSON.stringify(body))
    }
  })

  it("a sign-up from an address tagged with a country (at example.com) records it, as the service's development setup", async () => {
    const project = await backend.createProject()
    const email = `someone-${crypto.randomUUID()}+ca@example.com`
    const signedUp = expectStatus(
      await backend.call(project, "POST", "/auth/password/sign-up", {
        body: { email, password: "correct horse battery" }
      }),
      200
    ).body
    const user = expectStatus(
      await backend.call(project, "GET", `/users/${signedUp.user_id}`, { accessType: "server" }),
      200
    ).body
    assert.strictEqual(user.country_code, "CA")
  })
})

describe("the token endpoint", () => {
  it("takes form fields it does not read", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const response = await fetch(`${backend.localBackend().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: project.id,
        client_secret: project.publishableClientKey,
        refresh_token: user.refreshToken,
        scope: "openid",
        some_extra_field: "x"
      })
    })
    assert.strictEqual(response.status, 200)
  })
})

describe("CRUD routes' query keys", () => {
  it("refuse an unknown key on every method and take the route's own keys", async () => {
    const project = await backend.createProject({ config: { client_team_creation_enabled: true } })
    const user = await backend.signUp(project)
    const create = (query: string) =>
      backend.call(project, "POST", `/teams${query}`, {
        accessToken: user.accessToken,
        body: { display_name: "Team", creator_user_id: "me" }
      })
    assert.strictEqual((await create("?foo=1")).knownError, "SCHEMA_ERROR")
    const team = expectStatus(await create("?user_id=me"), 201).body
    const read = await backend.call(project, "GET", `/teams/${team.id}?foo=1`, { accessToken: user.accessToken })
    assert.strictEqual(read.knownError, "SCHEMA_ERROR")
    const signIn = await backend.call(project, "POST", "/auth/password/sign-in?foo=1", {
      body: { email: user.email, password: user.password }
    })
    // Not a CRUD route: its query is not read, as on the service.
    assert.strictEqual(signIn.status, 200)
  })
})

describe("the seeded internal project", () => {
  it("is the service's development seed: a personal team on sign-up, its own team_member and team_admin", async () => {
    const internal = backend.internal()
    const user = await backend.signUp(internal)
    const teams = expectStatus(
      await backend.call(internal, "GET", "/teams?user_id=me", { accessToken: user.accessToken }),
      200
    ).body
    assert.lengthOf(teams.items, 1)
    const project = expectStatus(await backend.call(internal, "GET", "/projects/current"), 200).body
    assert.strictEqual(project.display_name, "Stack Dashboard")
    assert.isTrue(project.config.client_team_creation_enabled)
    const definitions = expectStatus(
      await backend.call(internal, "GET", "/team-permission-definitions", { accessType: "admin" }),
      200
    ).body.items as ReadonlyArray<{
      readonly id: string
      readonly description: string
      readonly contained_permission_ids: ReadonlyArray<string>
    }>
    const seeded = (id: string) => {
      const found = definitions.find((d) => d.id === id)
      if (found === undefined) throw new Error(`no ${id} definition`)
      return found
    }
    assert.deepInclude(seeded("team_member"), { description: "1", contained_permission_ids: ["$read_members"] })
    assert.deepInclude(seeded("team_admin"), {
      description: "2",
      contained_permission_ids: ["$read_members", "$remove_members", "$update_team"]
    })
  })
})

describe("a new OTP user", () => {
  // The location headers count for a browser's request naming its address (http/end-user.ts).
  const browserIn = (country: string) => ({
    "user-agent": "Mozilla/5.0",
    "x-forwarded-for": "203.0.113.7",
    "x-vercel-ip-country": country
  })

  it.effect("is created with the context of the request that sent the code, not of the one that redeems it", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject({ config: { magic_link_enabled: true } }))
      const email = uniqueEmail("otp-context")
      const sent = yield* Effect.promise(() =>
        backend.call(project, "POST", "/auth/otp/send-sign-in-code", {
          body: { email, callback_url: CALLBACK },
          headers: browserIn("CA")
        })
      )
      expectStatus(sent, 200)
      const signedIn = yield* Effect.promise(async () => {
        const mail = await Effect.runPromise(latestMailTo(backend, email))
        return backend.call(project, "POST", "/auth/otp/sign-in", {
          body: { code: codeFromMail(mail, CALLBACK) },
          headers: browserIn("DE")
        })
      })
      const userId: string = expectStatus(signedIn, 200).body.user_id
      const user = yield* Effect.promise(() =>
        backend.call(project, "GET", `/users/${userId}`, { accessType: "server" })
      )
      assert.strictEqual(expectStatus(user, 200).body.country_code, "CA")
    })
  )
})
