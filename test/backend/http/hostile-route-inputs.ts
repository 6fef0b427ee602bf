/**
 * Bodies for the routes whose input is itself a program or a token, which random JSON hardly ever reaches:
 * an e-mail template source (`PATCH /internal/email-templates/{id}`), a config override
 * (`PATCH|PUT /internal/config/override/{level}`) and a native Apple identity token
 * (`POST /auth/oauth/callback/apple/native`). The routes' no-5xx fuzz test sends them next to its random
 * requests.
 */
import { createPrivateKey, type KeyObject, sign } from "node:crypto"
import fc from "fast-check"
import { hostileTemplateArbitrary } from "../mail/hostile-template-arbitrary.js"

/** A tsx_source body: a hostile template, sometimes with a theme id of any shape. */
export const templateUpdateBody: fc.Arbitrary<string> = fc
  .tuple(
    hostileTemplateArbitrary,
    fc.option(fc.oneof(fc.constant(false), fc.constant(null), fc.uuid(), fc.string({ maxLength: 8 })), {
      nil: undefined
    })
  )
  .map(([{ source }, themeId]) =>
    JSON.stringify({ tsx_source: source, ...(themeId === undefined ? {} : { theme_id: themeId }) })
  )

const KNOWN_KEYS = [
  "auth.allowSignUp",
  "auth.password.allowSignIn",
  "auth.oauth.accountMergeStrategy",
  "auth.signUpRules.r1.condition",
  "auth.signUpRules.r1.priority",
  "apiKeys.enabled.user",
  "teams.allowClientTeamCreation",
  "rbac.defaultPermissions.signUp.team_member",
  "domains.allowLocalhost",
  "project.requirePublishableClientKey",
  "unknown.key"
] as const

/** A JSON object `depth` levels deep, each level under `key`. */
const nested = (key: string, depth: number, leaf: string) =>
  `${`{${JSON.stringify(key)}:`.repeat(depth)}${leaf}${"}".repeat(depth)}`

/** An override text: nested up to 40,000 deep, known keys with values of any type, broken JSON, huge keys. */
const overrideText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("auth", "a", ""),
      fc.integer({ min: 1, max: 40_000 }),
      fc.constantFrom("true", "null", "{}", "[]", "1e400")
    )
    .map(([key, depth, leaf]) => nested(key, depth, leaf)),
  fc
    .dictionary(
      fc.constantFrom(...KNOWN_KEYS),
      fc.oneof(
        fc.boolean(),
        fc.integer(),
        fc.double(),
        fc.string({ maxLength: 12 }),
        fc.constant(null),
        fc.constant({})
      ),
      { maxKeys: 3 }
    )
    .map((flat) => JSON.stringify(flat)),
  fc.constantFrom(
    "",
    "{",
    "[]",
    "null",
    '"text"',
    `{"${"k".repeat(100_000)}": true}`,
    `{"auth": {"allowSignUp": "\\ud800"}}`
  )
)

/** A PATCH (`config_override_string`) or PUT (`config_string`, `source`) body of any shape. */
export const configOverrideBody = (method: "PATCH" | "PUT"): fc.Arbitrary<string> =>
  overrideText.chain((text) =>
    method === "PATCH"
      ? fc.constant(JSON.stringify({ config_override_string: text }))
      : fc
          .option(fc.oneof(fc.constant({ type: "unlinked" }), fc.string({ maxLength: 6 }), fc.constant(null)), {
            nil: undefined
          })
          .map((source) => JSON.stringify({ config_string: text, ...(source === undefined ? {} : { source }) }))
  )

export const CONFIG_LEVELS = ["project", "branch", "environment", "Branch", "%00", "x"] as const

/** Signs identity tokens as the fixture's Apple issuer (an OIDC mock), synchronously. */
export interface AppleSigner {
  readonly kid: string
  readonly key: KeyObject
  readonly issuer: string
  readonly bundleId: string
}

export const appleSigner = (jwk: Readonly<Record<string, unknown>>, issuer: string, bundleId: string): AppleSigner => ({
  kid: typeof jwk["kid"] === "string" ? jwk["kid"] : "",
  key: createPrivateKey({ key: { ...jwk }, format: "jwk" }),
  issuer,
  bundleId
})

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url")

const hostileTime: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -3600, max: 7200 }).map((offset) => ({ offset })),
  fc.constantFrom(1e308, -1e308, 2 ** 53, 0, -1, 1.5, "soon", null, true, [], {})
)

/** A claim set for a token the issuer really signs, with each claim plausible, hostile or missing. */
const claims = (signer: AppleSigner, now: number): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record(
      {
        iss: fc.constantFrom(signer.issuer, "https://appleid.apple.com", ""),
        aud: fc.constantFrom(signer.bundleId, [signer.bundleId, "other"], "other", ""),
        sub: fc.oneof(fc.string({ maxLength: 12 }), fc.constant(""), fc.integer()),
        iat: hostileTime,
        exp: hostileTime,
        nbf: hostileTime,
        email: fc.oneof(fc.string({ maxLength: 12 }), fc.constant("apple-fuzz@example.test"), fc.constant(null)),
        email_verified: fc.constantFrom(true, false, "true", "false", 1, null),
        nonce: fc.string({ maxLength: 6 }),
        // An external auth provider's session token's own claims.
        sid: fc.oneof(fc.string({ maxLength: 12 }), fc.constant(""), fc.integer()),
        azp: fc.constantFrom("https://app.example.com", "", 1),
        client_id: fc.constantFrom(signer.bundleId, "", null),
        name: fc.oneof(fc.string({ maxLength: 12 }), fc.constant("x".repeat(300)), fc.constant(null))
      },
      { requiredKeys: ["iss", "aud"] }
    )
    .map((record) =>
      Object.fromEntries(
        Object.entries(record).map(([k, v]) => [
          k,
          typeof v === "object" && v !== null && "offset" in v && typeof v.offset === "number" ? now + v.offset : v
        ])
      )
    )

/** A token: signed by the issuer with hostile claims, with a forged header, or not a JWT at all. */
const signedToken = (signer: AppleSigner, now: number): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: claims(signer, now).chain((payload) =>
        fc.constantFrom("RS256", "none", "HS256").map((alg) => {
          const data = `${base64url({ alg, kid: signer.kid, typ: "JWT" })}.${base64url(payload)}`
          const signature =
            alg === "RS256" ? sign("RSA-SHA256", Buffer.from(data), signer.key).toString("base64url") : ""
          return `${data}.${signature}`
        })
      )
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 }), fc.string({ maxLength: 20 }))
        .map((parts) => parts.join("."))
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("", "a.b.c", "..", `${"x".repeat(100_000)}.y.z`, "eyJhbGciOiJub25lIn0.e30.")
    }
  )

/** A native Sign in with Apple body (`POST /auth/oauth/callback/apple/native`). */
export const appleSignInBody = (signer: AppleSigner, now: number): fc.Arbitrary<string> =>
  signedToken(signer, now).map((idToken) => JSON.stringify({ id_token: idToken }))

/**
 * An external token exchange body (`POST /auth/external/token`): the signer is the issuer of the project's
 * Better Auth integration and its bundle id the audience; the other providers are installed but not set up.
 */
export const externalTokenBody = (signer: AppleSigner, now: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("better-auth-integration", "clerk-integration", "workos-integration", "auth0", ""),
      signedToken(signer, now)
    )
    .map(([providerId, token]) => JSON.stringify({ provider_id: providerId, token }))
