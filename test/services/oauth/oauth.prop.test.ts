import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import { createHash } from "node:crypto"
import { authorizeUrl, type AuthorizeUrlInput } from "../../../src/services/oauth/oauth-url.js"
import { botChallengeFields } from "../../../src/domain/bot-challenge.js"
import { tokenFromBytes } from "../../../src/domain/rules/pkce.js"
import { RandomBytes, randomToken, s256Challenge } from "../../../src/services/oauth/oauth-pkce.js"

const sha256Url = (text: string) => createHash("sha256").update(text, "utf8").digest("base64url")

/** RFC 7636 verifiers: 43 to 128 unreserved characters. */
const verifiers = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/)

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

describe("PKCE", () => {
  it("the challenge is base64url(SHA-256(verifier)), unpadded", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(verifiers, fc.string()), async (verifier) => {
        const challenge = await run(s256Challenge(verifier))
        assert.strictEqual(challenge, sha256Url(verifier))
        assert.match(challenge, /^[A-Za-z0-9_-]{43}$/)
      })
    )
  })

  it("verifiers and states are the injected random bytes as base64url, always valid verifiers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (bytes) => {
        const token = await run(randomToken.pipe(Effect.provideService(RandomBytes, () => bytes)))
        assert.strictEqual(token, Buffer.from(bytes).toString("base64url"))
        assert.match(token, /^[A-Za-z0-9\-._~]{43,128}$/)
      })
    )
  })

  it("tokens are unpadded base64url, as Node's encoder makes them, for any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.strictEqual(tokenFromBytes(bytes), Buffer.from(bytes).toString("base64url"))
      })
    )
  })
})

// --- The authorize URL ------------------------------------------------------------------------

const paramKey = fc.oneof(
  fc.constantFrom("code", "state", "next", "a b", "x%y", "tab", "after_auth_return_to"),
  fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !k.includes("#"))
)
const paramValue = fc.string({ maxLength: 12 })
const params = fc.array(fc.tuple(paramKey, paramValue), { maxLength: 6 })

/** An absolute callback URL with any query (maybe carrying code and state) and maybe a fragment. */
const redirectUrls = fc
  .record({
    origin: fc.constantFrom("https://app.example.com", "http://localhost:3000", "https://a.example.org:8443"),
    path: fc.constantFrom("/handler/oauth-callback", "/cb", "/"),
    params,
    hash: fc.option(fc.constantFrom("#top", "#a=b"), { nil: "" })
  })
  .map(({ origin, path, params, hash }) => {
    const query = new URLSearchParams(params).toString()
    return `${origin}${path}${query === "" ? "" : `?${query}`}${hash}`
  })

const inputs = fc
  .record({
    provider: fc.constantFrom("github", "Google", "microsoft", "spotify"),
    redirectUrl: redirectUrls,
    errorRedirectUrl: fc.webUrl(),
    afterCallbackRedirectUrl: fc.option(fc.webPath(), { nil: undefined }),
    type: fc.constantFrom("authenticate" as const, "link" as const),
    accessToken: fc.string({ minLength: 1, maxLength: 30 }),
    providerScope: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    state: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    codeChallenge: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    botChallenge: fc.option(
      fc.oneof(
        fc.record({
          token: fc.string(),
          phase: fc.option(fc.constantFrom("invisible" as const, "visible" as const), { nil: undefined })
        }),
        fc.constant({ unavailable: true as const })
      ),
      { nil: undefined }
    )
  })
  .map(({ botChallenge, ...r }): AuthorizeUrlInput => ({
    ...r,
    botChallenge: botChallengeFields(botChallenge),
    baseUrl: "https://api.stack-auth.com",
    projectId: "proj-1",
    clientSecret: "pck_123"
  }))

const entriesWithout = (url: URL, drop: ReadonlyArray<string>) =>
  [...url.searchParams].filter(([key]) => !drop.includes(key))

describe("authorize URL", () => {
  it("carries exactly the docs/wire.md parameters with their values", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const url = new URL(authorizeUrl(input))
        assert.strictEqual(
          url.origin + url.pathname,
          `https://api.stack-auth.com/api/v1/auth/oauth/authorize/${input.provider.toLowerCase()}`
        )
        const expected: Record<string, string> = {
          client_id: "proj-1",
          client_secret: "pck_123",
          redirect_uri: url.searchParams.get("redirect_uri") ?? "",
          scope: "legacy",
          state: input.state,
          grant_type: "authorization_code",
          code_challenge: input.codeChallenge,
          code_challenge_method: "S256",
          response_type: "code",
          type: input.type,
          error_redirect_url: input.errorRedirectUrl
        }
        if (input.afterCallbackRedirectUrl !== undefined)
          expected.after_callback_redirect_url = input.afterCallbackRedirectUrl
        // `link` always names the user; `authenticate` carries a guest's token when it has one (docs/wire.md).
        if (input.type === "link" || input.accessToken !== undefined) expected.token = input.accessToken ?? ""
        if (input.providerScope !== undefined) expected.provider_scope = input.providerScope
        // The challenge's fields under the SDK's query names.
        const challenge = input.botChallenge ?? {}
        if (challenge.botChallengeToken !== undefined) expected.bot_challenge_token = challenge.botChallengeToken
        if (challenge.botChallengePhase !== undefined) expected.bot_challenge_phase = challenge.botChallengePhase
        if (challenge.botChallengeUnavailable !== undefined) expected.bot_challenge_unavailable = "true"
        const keys = [...url.searchParams.keys()]
        assert.strictEqual(new Set(keys).size, keys.length, "no parameter twice")
        assert.deepStrictEqual(Object.fromEntries(url.searchParams), expected)
      })
    )
  })

  it("the redirect_uri loses code and state and nothing else", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const sent = new URL(new URL(authorizeUrl(input)).searchParams.get("redirect_uri")!)
        const original = new URL(input.redirectUrl)
        assert.isFalse(sent.searchParams.has("code"))
        assert.isFalse(sent.searchParams.has("state"))
        assert.deepStrictEqual(entriesWithout(sent, []), entriesWithout(original, ["code", "state"]))
        assert.strictEqual(sent.origin + sent.pathname, original.origin + original.pathname)
        assert.strictEqual(sent.hash, original.hash)
      })
    )
  })

  it("a redirect URL without code and state is sent byte for byte", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const clean = new URL(input.redirectUrl)
        clean.searchParams.delete("code")
        clean.searchParams.delete("state")
        const sent = new URL(authorizeUrl({ ...input, redirectUrl: clean.href })).searchParams.get("redirect_uri")
        assert.strictEqual(sent, clean.href)
      })
    )
  })
})
