/**
 * Trusted domains with a port wildcard on the backend (issue 36): the config override stores
 * `https://*.example.com:*` under its id, and the redirect check of the magic-link send applies it by the
 * service's rules (any port, the default one too; the scheme and one label only).
 */
import { assert, describe, it } from "@effect/vitest"
import { isTrustedDomainPattern } from "../../backend/src/operations/config/wildcard-url.js"
import { expectStatus, uniqueEmail, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend({ ownedProjects: true })

describe("trusted domains with port wildcards", () => {
  it("are stored by the config override and trusted on any port of their hosts", async () => {
    const project = await backend.createProject({ config: { magic_link_enabled: true } })
    const entry = { baseUrl: "https://*.example.com:*", handlerPath: "/handler" }
    expectStatus(
      await backend.call(project, "PATCH", "/internal/config/override/environment", {
        accessType: "admin",
        body: {
          config_override_string: JSON.stringify({
            "domains.allowLocalhost": false,
            "domains.trustedDomains.wildcard-port": entry
          })
        }
      }),
      200
    )
    const config = expectStatus(await backend.call(project, "GET", "/internal/config", { accessType: "admin" }), 200)
    const rendered = JSON.parse((config.body as { config_string: string }).config_string) as {
      domains: { trustedDomains: Record<string, unknown> }
    }
    assert.deepStrictEqual(rendered.domains.trustedDomains["wildcard-port"], entry)
    const send = (callbackUrl: string) =>
      backend.call(project, "POST", "/auth/otp/send-sign-in-code", {
        accessType: "client",
        body: { email: uniqueEmail(), callback_url: callbackUrl }
      })
    for (const url of ["https://app.example.com/handler", "https://app.example.com:4405/handler"]) {
      expectStatus(await send(url), 200)
    }
    for (const url of [
      "http://app.example.com:4405/handler",
      "https://example.com:4405/handler",
      "https://nested.app.example.com:4405/handler",
      "https://app.example.com.example.org:4405/handler"
    ]) {
      const refused = expectStatus(await send(url), 400)
      assert.strictEqual((refused.body as { code?: string }).code, "REDIRECT_URL_NOT_WHITELISTED", url)
    }
  })

  it("the base URL check takes the service's patterns and refuses the rest", () => {
    for (const host of [
      "example.com:*",
      "*.example.com:*",
      "**.example.com:*",
      "localhost:*",
      "127.0.0.1:*",
      "[::1]:*"
    ]) {
      for (const scheme of ["http", "https"]) assert.isTrue(isTrustedDomainPattern(`${scheme}://${host}`), host)
    }
    assert.isTrue(isTrustedDomainPattern("https://*.example.com:*/handler"))
    assert.isTrue(isTrustedDomainPattern("https://*.example.com:4405"))
    for (const pattern of [
      "https://:*",
      "https://example.com:**",
      "https://example.com:4*",
      "https://example.com:*:443",
      "https://example..com:*",
      "https://user@example.com:*",
      "https://example.com:*/path*",
      "https://example.com/path:*",
      "https://example.com?query=:*",
      "https://example.com:04405/*",
      "https://*.example.com:70000",
      "ftp://*.example.com:*"
    ]) {
      assert.isFalse(isTrustedDomainPattern(pattern), pattern)
    }
  })
})
