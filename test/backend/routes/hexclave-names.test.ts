/**
 * The service's Hexclave names, over HTTP (docs/wire.md, "Two names"): since its rename every wire identifier
 * has a Hexclave name beside its old one, and both stay valid (the rename plan of hexclave/hexclave). One test
 * per identifier the local backend reads or writes.
 */
import { assert, describe, it } from "@effect/vitest"
import { s256Challenge } from "../../../backend/src/oauth/protocol/pkce.js"
import { uniqueEmail, useKitBackend } from "../../support/local-backend.js"
import { authorizeUrl, Browser, pkcePair } from "../../integration/support/oauth-browser.js"
import { customEmailServer } from "../../support/template-project.js"

const backend = useKitBackend()

const REDIRECT = "http://localhost:3000/handler/oauth-callback"
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The one request id an answer carries, under both names whatever names the request used. */
const requestIdOf = (headers: Headers): string => {
  const id = headers.get("x-stack-request-id")
  assert.match(id ?? "", UUID)
  assert.strictEqual(headers.get("x-hexclave-request-id"), id)
  return id ?? ""
}

/** A request that speaks the new names: the official SDK sends all its headers as `x-hexclave-*`. */
const HEXCLAVE = { "x-hexclave-client-version": "js @hexclave/js@1.0.0" }

describe("request headers", () => {
  it("reads every x-hexclave-* spelling, and the new name wins where both are sent with different values", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const hexclaveOnly = await backend.call(project, "GET", "/users/me", {
      accessType: "none",
      headers: {
        "x-stack-override-error-status": undefined,
        "x-hexclave-override-error-status": "true",
        "x-hexclave-access-type": "client",
        "x-hexclave-project-id": project.id,
        "x-hexclave-publishable-client-key": project.publishableClientKey,
        "x-hexclave-access-token": user.accessToken
      }
    })
    assert.strictEqual(hexclaveOnly.status, 200)
    assert.strictEqual(hexclaveOnly.body.id, user.userId)

    const both = await backend.call(project, "GET", "/users/me", {
      accessToken: "not-a-token",
      headers: { "x-hexclave-access-token": user.accessToken }
    })
    assert.strictEqual(both.status, 200)
    assert.strictEqual(both.body.id, user.userId)

    const other = await backend.createProject()
    const wrongOld = await backend.call(project, "GET", "/projects/current", {
      headers: { "x-stack-project-id": other.id, "x-hexclave-project-id": project.id }
    })
    assert.strictEqual(wrongOld.status, 200)
    assert.strictEqual(wrongOld.body.id, project.id)
  })
})

describe("answer headers", () => {
  it("sends x-hexclave-known-error and x-hexclave-actual-status beside the old names, whatever names the client used", async () => {
    const project = await backend.createProject()
    const known = await backend.call(project, "GET", "/users/me", { headers: HEXCLAVE })
    assert.strictEqual(known.httpStatus, 200)
    assert.strictEqual(known.headers.get("x-hexclave-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual(known.headers.get("x-stack-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual(known.headers.get("x-hexclave-actual-status"), "400")
    assert.strictEqual(known.headers.get("x-stack-actual-status"), "400")

    const plain = await backend.call(project, "GET", "/users?only_anonymous=true", {
      accessType: "server",
      headers: HEXCLAVE
    })
    assert.strictEqual(plain.knownError, null)
    assert.strictEqual(plain.headers.get("x-hexclave-actual-status"), "400")
    assert.strictEqual(plain.headers.get("x-stack-actual-status"), "400")
    assert.strictEqual(plain.text, "only_anonymous=true requires include_anonymous=true")

    const unmoved = await backend.call(project, "GET", "/users/me", {
      headers: { ...HEXCLAVE, "x-stack-override-error-status": undefined }
    })
    assert.strictEqual(unmoved.httpStatus, 400)
    assert.strictEqual(unmoved.headers.get("x-hexclave-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.isNull(unmoved.headers.get("x-hexclave-actual-status"))

    // A client that sends only the old names gets both too, as from the service since its rename.
    const old = await backend.call(project, "GET", "/users/me")
    assert.strictEqual(old.headers.get("x-stack-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual(old.headers.get("x-stack-actual-status"), "400")
    assert.strictEqual(old.headers.get("x-hexclave-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    assert.strictEqual(old.headers.get("x-hexclave-actual-status"), "400")
    const oldPlain = await backend.call(project, "GET", "/users?only_anonymous=true", { accessType: "server" })
    assert.strictEqual(oldPlain.headers.get("x-hexclave-actual-status"), "400")
    assert.strictEqual(oldPlain.headers.get("x-stack-actual-status"), "400")
  })

  it("puts a fresh request id on every answer: successes, errors, plain text, 404s, preflights", async () => {
    const project = await backend.createProject()
    const api = backend.localBackend().apiUrl
    const ids: Array<string> = []
    for (const newNames of [true, false]) {
      const extra = newNames ? HEXCLAVE : {}
      const answers = [
        (await backend.call(project, "GET", "/projects/current", { headers: extra })).headers,
        (await backend.call(project, "GET", "/users/me", { headers: extra })).headers,
        (
          await backend.call(project, "GET", "/users/me", {
            headers: { ...extra, "x-stack-override-error-status": undefined }
          })
        ).headers,
        (await backend.call(project, "GET", "/users?only_anonymous=true", { accessType: "server", headers: extra }))
          .headers,
        (await fetch(`${api}/no/such/route`, { headers: extra })).headers,
        (
          await fetch(`${api}/users`, {
            method: "POST",
            body: "{",
            headers: { ...extra, "content-type": "application/json" }
          })
        ).headers,
        (
          await fetch(`${api}/users/me`, {
            method: "OPTIONS",
            headers: { ...extra, origin: "http://localhost:3000", "access-control-request-method": "GET" }
          })
        ).headers
      ]
      ids.push(...answers.map(requestIdOf))
    }
    assert.strictEqual(new Set(ids).size, ids.length)
  })
})

describe("the service's current error texts", () => {
  const NOT_TRUSTED =
    "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Hexclave dashboard?"

  it("name the refused URL where the service does: a sign-up's verification callback, an agent's app", async () => {
    const project = await backend.createProject({
      config: { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] }
    })
    const signUp = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: {
        email: uniqueEmail("texts"),
        password: "a-long-password",
        verification_callback_url: "https://evil.example.org"
      }
    })
    assert.deepStrictEqual(signUp.body, {
      code: "REDIRECT_URL_NOT_WHITELISTED",
      details: { redirect_url: "https://evil.example.org" },
      error: NOT_TRUSTED
    })
    const installed = await backend.call(project, "PATCH", "/internal/config/override/environment", {
      accessType: "admin",
      body: { config_override_string: JSON.stringify({ "apps.installed.agent-auth.enabled": true }) }
    })
    assert.strictEqual(installed.status, 200)
    const agent = await backend.call(project, "POST", "/agent/register", {
      body: { agent: { name: "Texts" }, app_url: "https://evil.example.org/app" }
    })
    assert.deepStrictEqual(agent.body, {
      code: "REDIRECT_URL_NOT_WHITELISTED",
      details: { redirect_url: "https://evil.example.org/app" },
      error: NOT_TRUSTED
    })
  })

  it("name the x-hexclave-* headers with the legacy note, and the service's docs", async () => {
    const project = await backend.createProject()
    const server = await backend.call(project, "GET", "/users", { accessType: "client" })
    assert.strictEqual(
      server.body.error,
      "The x-hexclave-access-type header must be 'server' or 'admin', but was 'client'. (The legacy " +
        "x-stack-access-type header is also accepted.)"
    )
    const none = await fetch(`${backend.localBackend().apiUrl}/users/me`, {
      headers: { "x-stack-publishable-client-key": project.publishableClientKey }
    })
    assert.strictEqual(none.headers.get("x-hexclave-known-error"), "PROJECT_KEY_WITHOUT_ACCESS_TYPE")
    const root = await fetch(`${backend.localBackend().apiUrl}`)
    assert.match(await root.text(), /^Welcome to the Hexclave API endpoint! .*https:\/\/docs\.hexclave\.com\./)
  })
})

describe("CORS", () => {
  it("allows the x-hexclave-* request headers and exposes the answer headers under both names", async () => {
    const origin = "http://localhost:3000"
    const preflight = await fetch(`${backend.localBackend().apiUrl}/users/me`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "GET",
        "access-control-request-headers":
          "x-hexclave-project-id, x-hexclave-access-type, x-hexclave-publishable-client-key, x-stack-project-id"
      }
    })
    assert.strictEqual(preflight.status, 204)
    assert.includeMembers((preflight.headers.get("access-control-allow-headers") ?? "").split(", "), [
      "x-hexclave-project-id",
      "x-hexclave-access-type",
      "x-hexclave-publishable-client-key",
      "x-stack-project-id"
    ])
    const answer = await backend.call(backend.internal(), "GET", "/users/me", { headers: { origin } })
    assert.includeMembers((answer.headers.get("access-control-expose-headers") ?? "").split(", "), [
      "x-hexclave-actual-status",
      "x-stack-actual-status",
      "x-hexclave-known-error",
      "x-stack-known-error",
      "x-hexclave-request-id",
      "x-stack-request-id"
    ])
  })
})

describe("native apps", () => {
  it("accepts the Hexclave Swift SDK's hexclave-mobile-oauth-url: callback like the old scheme", async () => {
    const project = await backend.createProject({
      config: { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] }
    })
    const user = await backend.signUp(project)
    for (const redirectUri of ["hexclave-mobile-oauth-url://success", "stack-auth-mobile-oauth-url://success"]) {
      const res = await backend.call(project, "POST", "/auth/oauth/cross-domain/authorize", {
        accessToken: user.accessToken,
        refreshToken: user.refreshToken,
        body: {
          redirect_uri: redirectUri,
          state: "native-state",
          code_challenge: s256Challenge("W2LPAD4M4ES-3wBjzU6J5ApykmuxQy5VTs3oSmtboDM"),
          code_challenge_method: "S256"
        }
      })
      assert.strictEqual(res.status, 200, redirectUri)
      assert.isTrue(res.body.redirect_url.startsWith(redirectUri))
    }
  })
})

describe("the OAuth flow's cookie", () => {
  /** Runs a sign-in with the development provider up to the provider's redirect back to the callback. */
  const toCallback = async () => {
    const project = await backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
    const browser = new Browser()
    const toPage = await browser.request(
      authorizeUrl(backend.localBackend(), project, {
        provider: "github",
        redirectUri: REDIRECT,
        state: "client-state",
        challenge: pkcePair().challenge
      })
    )
    const page = await browser.request(toPage.location ?? "")
    const innerState = page.text.match(/name="state" value="([^"]*)"/)?.[1] ?? ""
    const approve = await browser.request(
      new URL("/dev-oauth/github/authorize", backend.localBackend().url).toString(),
      {
        form: {
          redirect_uri: new URL(toPage.location ?? "").searchParams.get("redirect_uri") ?? "",
          state: innerState,
          action: "approve",
          email: uniqueEmail("cookie"),
          email_verified: "true"
        }
      }
    )
    return { authorize: toPage, innerState, callbackUrl: approve.location ?? "" }
  }

  const cookieNames = (headers: Headers) => headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")))

  it("is set under both names, and the callback takes either and deletes both", async () => {
    for (const name of ["hexclave-oauth-inner-", "stack-oauth-inner-"]) {
      const flow = await toCallback()
      assert.sameMembers(cookieNames(flow.authorize.headers), [
        `hexclave-oauth-inner-${flow.innerState}`,
        `stack-oauth-inner-${flow.innerState}`
      ])
      const done = await fetch(flow.callbackUrl, {
        redirect: "manual",
        headers: { cookie: `${name}${flow.innerState}=true` }
      })
      assert.strictEqual(done.status, 302, name)
      assert.include(done.headers.get("location") ?? "", "code=")
      const deleted = done.headers.getSetCookie()
      assert.sameMembers(cookieNames(done.headers), [
        `hexclave-oauth-inner-${flow.innerState}`,
        `stack-oauth-inner-${flow.innerState}`
      ])
      for (const line of deleted) assert.match(line, /Max-Age=0/i)
    }
  })
})

describe("e-mail templates", () => {
  it("import from @hexclave/emails, and the refusals name it first", async () => {
    const project = await backend.createProject({ config: customEmailServer })
    const list = await backend.call(project, "GET", "/internal/email-templates", { accessType: "admin" })
    assert.strictEqual(list.status, 200)
    for (const template of list.body.templates) {
      assert.include(template.tsx_source, 'from "@hexclave/emails"', template.display_name)
      assert.notInclude(template.tsx_source, "@stackframe/emails", template.display_name)
    }
    const id = list.body.templates[0].id
    const patch = (tsxSource: string) =>
      backend.call(project, "PATCH", `/internal/email-templates/${id}`, {
        accessType: "admin",
        body: { tsx_source: tsxSource }
      })
    const noSubject = await patch(
      'import { Subject } from "@hexclave/emails";\nexport function EmailTemplate() { return <p>hi</p> }'
    )
    assert.strictEqual(noSubject.knownError, "EMAIL_RENDERING_ERROR")
    assert.strictEqual(
      noSubject.body.details.error,
      "Subject is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
    )
    const noCategory = await patch(
      'import { Subject } from "@hexclave/emails";\nexport function EmailTemplate() { return <Subject value="s" /> }'
    )
    assert.strictEqual(
      noCategory.body.details.error,
      "NotificationCategory is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
    )
    const renders = await patch(
      'import { NotificationCategory, Subject } from "@hexclave/emails";\n' +
        'export function EmailTemplate() { return <div><Subject value="s" /><NotificationCategory value="Transactional" /><p>hi</p></div> }'
    )
    assert.strictEqual(renders.status, 200)
    assert.include(renders.body.rendered_html, "hi")
  })
})
