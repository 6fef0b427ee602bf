/**
 * Trusted domains and OAuth providers written through `PATCH /internal/config/override/{level}` take effect
 * as the project's own lists do (the service keeps both in the environment override, config/schema.ts at
 * 2f719903): the project reads them, redirects to them are trusted, a provider written there signs in, and
 * a later project update, a reset or a replaced level changes them as it would on the service.
 */
import { assert, describe, it } from "@effect/vitest"
import { authorizeUrl } from "./support/oauth-browser.js"
import {
  type CallResult,
  expectStatus,
  type TestProject,
  uniqueEmail,
  useKitBackend
} from "../support/local-backend.js"

const backend = useKitBackend()
const admin = { accessType: "admin" as const }

const patchOverride = (project: TestProject, level: string, override: unknown) =>
  backend.call(project, "PATCH", `/internal/config/override/${level}`, {
    ...admin,
    body: { config_override_string: JSON.stringify(override) }
  })

const projectConfig = async (project: TestProject) =>
  expectStatus(await backend.call(project, "GET", "/internal/projects/current", admin), 200).body.config

const domainsOf = async (project: TestProject): Promise<ReadonlyArray<string>> =>
  ((await projectConfig(project)).domains as ReadonlyArray<{ domain: string }>).map((d) => d.domain)

/** The OTP e-mail's callback URL is checked against the trusted domains (REDIRECT_URL_NOT_WHITELISTED). */
const sendCode = (project: TestProject, callbackUrl: string): Promise<CallResult> =>
  backend.call(project, "POST", "/auth/otp/send-sign-in-code", {
    body: { email: uniqueEmail("trusted"), callback_url: callbackUrl }
  })

describe("trusted domains in a config override", () => {
  it("add to the project's domains, are trusted (wildcards too), and reset or replace as on the service", async () => {
    const project = await backend.createProject({
      config: {
        magic_link_enabled: true,
        domains: [{ domain: "https://app.example.com", handler_path: "/handler" }]
      }
    })
    expectStatus(
      await patchOverride(project, "environment", {
        "domains.trustedDomains.prod": { baseUrl: "https://app.production.com", handlerPath: "/handler" },
        "domains.trustedDomains.staging": { baseUrl: "https://*.staging.com", handlerPath: "/handler" },
        "domains.allowLocalhost": false
      }),
      200
    )
    assert.deepStrictEqual([...(await domainsOf(project))].sort(), [
      "https://*.staging.com",
      "https://app.example.com",
      "https://app.production.com"
    ])
    const rendered = JSON.parse(
      expectStatus(await backend.call(project, "GET", "/internal/config", admin), 200).body.config_string
    )
    assert.strictEqual(Object.keys(rendered.domains.trustedDomains).length, 3)
    // The project's own domain is in the environment override now, as the service keeps it.
    const environment = JSON.parse(
      expectStatus(await backend.call(project, "GET", "/internal/config/override/environment", admin), 200).body
        .config_string
    )
    assert.include(Object.values(environment), "https://app.example.com")

    expectStatus(await sendCode(project, "https://pr-12.staging.com/handler/magic-link-callback"), 200)
    expectStatus(await sendCode(project, "https://app.example.com/handler/magic-link-callback"), 200)
    assert.strictEqual(
      (await sendCode(project, "https://evil.example.org/handler/magic-link-callback")).knownError,
      "REDIRECT_URL_NOT_WHITELISTED"
    )

    // Resetting one entry removes it; a project update then replaces the whole record.
    expectStatus(
      await backend.call(project, "POST", "/internal/config/override/environment/reset-keys", {
        ...admin,
        body: { keys: ["domains.trustedDomains.staging"] }
      }),
      200
    )
    assert.deepStrictEqual([...(await domainsOf(project))].sort(), [
      "https://app.example.com",
      "https://app.production.com"
    ])
    assert.strictEqual(
      (await sendCode(project, "https://pr-12.staging.com/handler/magic-link-callback")).knownError,
      "REDIRECT_URL_NOT_WHITELISTED"
    )
    expectStatus(
      await backend.call(project, "PATCH", "/internal/projects/current", {
        ...admin,
        body: { config: { domains: [{ domain: "https://only.example.com", handler_path: "/auth" }] } }
      }),
      200
    )
    assert.deepStrictEqual(await domainsOf(project), ["https://only.example.com"])
    expectStatus(
      await patchOverride(project, "environment", {
        "domains.trustedDomains.extra": { baseUrl: "https://extra.example.com" }
      }),
      200
    )
    const config = await projectConfig(project)
    assert.deepStrictEqual(config.domains, [
      { domain: "https://extra.example.com", handler_path: "/handler" },
      { domain: "https://only.example.com", handler_path: "/auth" }
    ])

    // Replacing the environment level replaces the record with it.
    expectStatus(
      await backend.call(project, "PUT", "/internal/config/override/environment", {
        ...admin,
        body: { config_string: JSON.stringify({ "domains.allowLocalhost": true }) }
      }),
      200
    )
    assert.deepStrictEqual(await domainsOf(project), [])
  })

  it("refuses what the service's schema refuses", async () => {
    const project = await backend.createProject()
    for (const [level, override] of [
      ["environment", { "domains.trustedDomains.a.baseUrl": "not a url" }],
      ["environment", { "domains.trustedDomains.a.baseUrl": "https://a.example.com/*" }],
      ["environment", { "domains.trustedDomains.a.handlerPath": "handler" }],
      ["environment", { "domains.trustedDomains.-a.baseUrl": "https://a.example.com" }],
      ["branch", { "domains.trustedDomains.a.baseUrl": "https://a.example.com" }]
    ] as const) {
      const refused = await patchOverride(project, level, override)
      assert.strictEqual(refused.status, 400, JSON.stringify(override))
    }
    assert.deepStrictEqual(await domainsOf(project), [])
  })
})

describe("OAuth providers in a config override", () => {
  const REDIRECT = "http://localhost:3000/handler/oauth-callback"
  const authorize = (project: TestProject, provider: string) =>
    fetch(
      authorizeUrl(backend.localBackend(), project, {
        provider,
        redirectUri: REDIRECT,
        state: "client-state",
        challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        extra: { stack_response_mode: "json" }
      })
    )

  it("sign in once written there, keep the project's own, and leave when they may no longer sign in", async () => {
    const project = await backend.createProject({ config: { oauth_providers: [{ id: "github", type: "shared" }] } })
    assert.strictEqual(
      (await authorize(project, "spotify")).headers.get("x-stack-known-error"),
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED"
    )

    expectStatus(
      await patchOverride(project, "environment", {
        "auth.oauth.providers.spotify": {
          type: "spotify",
          isShared: true,
          allowSignIn: true,
          allowConnectedAccounts: true
        }
      }),
      200
    )
    const providers = (await projectConfig(project)).oauth_providers
    assert.deepStrictEqual(
      providers.map((p: { id: string; type: string; provider_config_id: string }) => [
        p.id,
        p.type,
        p.provider_config_id
      ]),
      [
        ["github", "shared", "github"],
        ["spotify", "shared", "spotify"]
      ]
    )
    const located = await authorize(project, "spotify")
    assert.strictEqual(located.status, 200)
    assert.include(((await located.json()) as { location: string }).location, "/dev-oauth/spotify")

    // Its own keys, from the environment level.
    expectStatus(
      await patchOverride(project, "environment", {
        "auth.oauth.providers.spotify.isShared": false,
        "auth.oauth.providers.spotify.clientId": "id-1",
        "auth.oauth.providers.spotify.clientSecret": "secret-1"
      }),
      200
    )
    const standard = (await projectConfig(project)).oauth_providers.find((p: { id: string }) => p.id === "spotify")
    assert.deepInclude(standard, { type: "standard", client_id: "id-1", client_secret: "secret-1" })

    // A provider that may not sign in is not one the project lists (the service's project read). The branch
    // level is below the environment level, which holds the project's own providers: it changes nothing.
    expectStatus(await patchOverride(project, "branch", { "auth.oauth.providers.github.allowSignIn": false }), 200)
    assert.strictEqual((await projectConfig(project)).oauth_providers.length, 2)
    expectStatus(await patchOverride(project, "environment", { "auth.oauth.providers.github.allowSignIn": false }), 200)
    assert.deepStrictEqual(
      (await projectConfig(project)).oauth_providers.map((p: { id: string }) => p.id),
      ["spotify"]
    )
  })

  it("refuses what the service's schema refuses", async () => {
    const project = await backend.createProject()
    for (const [level, override] of [
      ["environment", { "auth.oauth.providers.x.type": "myspace" }],
      ["environment", { "auth.oauth.providers.x.allowSignIn": "yes" }],
      ["branch", { "auth.oauth.providers.x.isShared": true }],
      ["branch", { "auth.oauth.providers.x.clientSecret": "s" }],
      ["environment", { "auth.oauth.providers.X.type": "github" }]
    ] as const) {
      const refused = await patchOverride(project, level, override)
      assert.strictEqual(refused.status, 400, JSON.stringify(override))
    }
  })
})
