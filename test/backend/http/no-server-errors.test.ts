/**
 * Property: whatever a caller sends to any route of the local backend (generated path ids, query strings
 * and bodies, hostile text included: NUL, unpaired surrogates, deep nesting, huge numbers, long strings),
 * the answer is never a 5xx, and a refused request (4xx) leaves the stored data as it was.
 *
 * The routes come from the server's own route table (`routeTable`), so a new route is covered without
 * editing this file. Path ids are either real ids of a fixture project or generated text. DELETE routes
 * only get generated ids, and the parameterless destructive ones (the project, the signed-in user) no
 * credentials, so the fixture survives the run.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import fc from "fast-check"
import { afterAll, beforeAll } from "vitest"
import {
  expectStatus,
  keyHeaders,
  type TestProject,
  type TestUser,
  useLocalBackend
} from "../../support/local-backend.js"
import { oidcMock } from "../../support/oidc-mock.js"
import { type RouteEntry, routeTable } from "../../support/route-table.js"
import { customEmailServer } from "../../support/template-project.js"
import {
  type AppleSigner,
  appleSignInBody,
  appleSigner,
  CONFIG_LEVELS,
  configOverrideBody,
  externalTokenBody,
  templateUpdateBody
} from "./hostile-route-inputs.js"

const NUM_RUNS = Number(process.env["INPUT_FUZZ_RUNS"] ?? 300)

const backend = useLocalBackend({ log: true })

interface Fixture {
  readonly project: TestProject
  readonly user: TestUser
  readonly ids: ReadonlyArray<string>
  /** Addresses the fixture user has: its primary one and a second, non-primary channel. */
  readonly emails: ReadonlyArray<string>
  /** A template the project created (the project has its own SMTP server, so templates can be edited). */
  readonly templateId: string
  /** Signs identity tokens as the issuer of the project's `apple` provider. */
  readonly apple: AppleSigner
}

let routes: ReadonlyArray<RouteEntry> = []
let fixture: Fixture | undefined

type Access = "none" | "client" | "client+user" | "server" | "admin"

const APPLE_BUNDLE = "com.example.fuzz"
const mockScope = Effect.runSync(Scope.make())
afterAll(() => Effect.runPromise(Scope.close(mockScope, Exit.void)))

beforeAll(async () => {
  routes = await routeTable()
  const project = await backend.createProject({
    config: {
      ...customEmailServer,
      oauth_providers: [
        { id: "apple", type: "standard", client_id: "fuzz", client_secret: "fuzz", apple_bundle_ids: [APPLE_BUNDLE] }
      ]
    }
  })
  // The apple provider signs in through a local issuer whose key the generated tokens are signed with.
  const mock = await Effect.runPromise(Scope.provide(oidcMock, mockScope))
  expectStatus(
    await backend.call(project, "PUT", "/local-backend/oauth-providers/apple", {
      accessType: "admin",
      body: { issuer: mock.issuer }
    }),
    200
  )
  // The external auth integrations: Better Auth verifies with the same issuer's keys (its audience the bundle
  // id the signer names), Clerk and WorkOS are installed without what they need.
  expectStatus(
    await backend.call(project, "PATCH", "/internal/config/override/environment", {
      accessType: "admin",
      body: {
        config_override_string: JSON.stringify({
          "apps.installed.better-auth-integration.enabled": true,
          "apps.installed.clerk-integration.enabled": true,
          "apps.installed.workos-integration.enabled": true,
          "better-auth-integration.issuer": mock.issuer,
          "better-auth-integration.audience": APPLE_BUNDLE,
          "better-auth-integration.jwksUrl": `${mock.issuer}/jwks`
        })
      }
    }),
    200
  )
  const [jwk] = mock.server.issuer.keys.toJSON(true) as Array<Record<string, unknown>>
  if (jwk === undefined) throw new Error("the OIDC mock has no key")
  const template = expectStatus(
    await backend.call(project, "POST", "/internal/email-templates", {
      accessType: "admin",
      body: { display_name: "Fuzz template" }
    }),
    200
  )
  const user = await backend.signUp(project)
  const team = await backend.createTeam(project, user.userId, "Fuzz team")
  const key = expectStatus(
    await backend.call(project, "POST", "/internal/api-keys", {
      accessType: "admin",
      body: {
        description: "fuzz",
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: false,
        has_super_secret_admin_key: false
      }
    }),
    200
  )
  // A second address, so that generated user updates can name an address the user already has.
  const secondEmail = `second-${user.email}`
  expectStatus(
    await backend.call(project, "POST", "/contact-channels", {
      accessType: "server",
      body: { user_id: user.userId, type: "email", value: secondEmail, used_for_auth: false, is_primary: false }
    }),
    201
  )
  const channels = expectStatus(
    await backend.call(project, "GET", `/contact-channels?user_id=${user.userId}`, { accessType: "server" }),
    200
  )
  const sessions = expectStatus(
    await backend.call(project, "GET", `/auth/sessions?user_id=${user.userId}`, { accessType: "server" }),
    200
  )
  fixture = {
    project,
    user,
    ids: [
      "me",
      project.id,
      user.userId,
      team.body.id,
      key.body.id,
      ...channels.body.items.map((c: { id: string }) => c.id),
      ...sessions.body.items.map((s: { id: string }) => s.id),
      "team_member",
      "team_admin",
      "email_verification",
      "github",
      "google",
      template.body.id
    ],
    emails: [user.email, secondEmail],
    templateId: template.body.id,
    apple: appleSigner(jwk, mock.issuer, APPLE_BUNDLE)
  }
})

const fix = (): Fixture => {
  if (fixture === undefined) throw new Error("the fixture is not ready")
  return fixture
}

// --- generators ---------------------------------------------------------------------------------------

/** Text a store or a validator may choke on, next to ordinary text. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 16 }) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 6 }),
        fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u202e", "\uffff"),
        fc.string({ maxLength: 6 })
      )
      .map(([a, b, c]) => `${a}${b}${c}`)
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "me",
      "",
      " ",
      "null",
      "../..",
      "%00",
      "0",
      "-1",
      "x@example.test",
      "http://localhost:1/"
    )
  }
)

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(8.64e15 + 1, 8.64e15, -8.64e15, 1e21, 2 ** 53, -1, 0, 367 * 86_400_000 + 1, 253_402_300_800_000)
)

const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie("value"), { maxKeys: 3 }) }
  )
})).value

/** Wire field names the routes read, so generated bodies reach their validators and handlers. */
const FIELDS = [
  "display_name",
  "primary_email",
  "primary_email_verified",
  "primary_email_auth_enabled",
  "password",
  "old_password",
  "new_password",
  "client_metadata",
  "client_read_only_metadata",
  "server_metadata",
  "profile_image_url",
  "selected_team_id",
  "totp_secret_base64",
  "otp_auth_enabled",
  "passkey_auth_enabled",
  "oauth_providers",
  "user_id",
  "team_id",
  "creator_user_id",
  "expires_in_millis",
  "expires_at_millis",
  "is_impersonation",
  "description",
  "has_publishable_client_key",
  "has_secret_server_key",
  "has_super_secret_admin_key",
  "revoked",
  "email",
  "code",
  "callback_url",
  "verification_callback_url",
  "type",
  "value",
  "used_for_auth",
  "is_primary",
  "is_verified",
  "id",
  "contained_permission_ids",
  "config",
  "content",
  "subject",
  "recipient_email",
  "email_config",
  "issuer",
  "grant_type",
  "refresh_token",
  "client_id",
  "client_secret",
  "redirect_uri",
  "code_verifier",
  "scope",
  "credential",
  "attempt_code",
  "totp",
  "permission_id",
  "state",
  "response",
  "code_challenge",
  "tsx_source",
  "theme_id",
  "config_override_string",
  "config_string",
  "source",
  "id_token",
  "provider_id",
  "token",
  "auth_method",
  "oauth_provider",
  "country_code",
  "turnstile_result",
  "risk_scores"
] as const

const jsonBody: fc.Arbitrary<string> = fc
  .dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: hostileString }),
    hostileJson,
    {
      maxKeys: 4
    }
  )
  .map((body) => JSON.stringify(body))

/**
 * Bodies JSON.stringify cannot produce (broken, too deep, numbers past the double range, escapes) and
 * the oversized ones (only here: in a URL an overlong text is refused before it reaches the server).
 */
const rawJsonBody = fc.constantFrom(
  `{"display_name": "${"a".repeat(1_000_001)}"}`,
  `{"display_name": "${"a".repeat(4_600_000)}"}`,
  '{"display_name": ',
  `{"client_metadata": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
  '{"display_name": "\\ud800"}',
  '{"client_metadata": {"a": 1e400}}',
  '{"expires_in_millis": 1e400}',
  '{"\\u0000": "\\u0000"}',
  "\u0000",
  "[]",
  '"text"',
  "null"
)

interface GeneratedBody {
  readonly contentType: string | undefined
  readonly text: string
}

const body: fc.Arbitrary<GeneratedBody | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: jsonBody.map((text) => ({ contentType: "application/json", text })) },
  { weight: 2, arbitrary: rawJsonBody.map((text) => ({ contentType: "application/json", text })) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 4 }).map((record) => ({
      contentType: "application/x-www-form-urlencoded",
      text: new URLSearchParams(record).toString()
    }))
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("text/plain", "application/xml", undefined), hostileString)
      .map(([contentType, text]) => ({ contentType, text }))
  }
)

/** Every byte of the text's UTF-8 percent-encoded (an unpaired surrogate becomes U+FFFD on the way). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")

const pathId = (allowReal: boolean): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: allowReal ? 4 : 0,
      arbitrary: fc.nat().map((i) => encodeURIComponent(fix().ids[i % fix().ids.length] ?? "me"))
    },
    { weight: 4, arbitrary: hostileString.map(percentEncoded) },
    { weight: 1, arbitrary: fc.constantFrom("%ED%A0%80", "%zz", "%", "%C0%80", "%00", "..", "%2F") }
  )

const QUERY_KEYS = [
  "user_id",
  "team_id",
  "limit",
  "cursor",
  "desc",
  "order_by",
  "query",
  "type",
  "redirect_uri",
  "state",
  "name"
] as const

const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: hostileString }),
      fc.oneof(
        hostileString,
        fc.nat().map((i) => fix().ids[i % fix().ids.length] ?? "me")
      )
    ),
    { maxLength: 3 }
  )
  .map((pairs) => (pairs.length === 0 ? "" : `?${new URLSearchParams(pairs).toString()}`))

interface GeneratedRequest {
  readonly route: RouteEntry
  readonly access: Access
  readonly path: string
  readonly body: GeneratedBody | undefined
}

const isDestructiveWithoutTarget = (route: RouteEntry) => route.method === "DELETE" && !route.path.includes(":")

const anyRoute: fc.Arbitrary<GeneratedRequest> = fc.nat().chain((index) => {
  const route = routes[index % routes.length] ?? { method: "GET", path: "/health" }
  const segments = route.path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? pathId(route.method !== "DELETE") : fc.constant(segment)))
  const access: fc.Arbitrary<Access> = isDestructiveWithoutTarget(route)
    ? fc.constant("none")
    : fc.constantFrom("client+user", "server", "admin", "client", "none")
  return fc.record({
    route: fc.constant(route),
    access,
    path: fc.tuple(fc.tuple(...segments), queryString).map(([parts, query]) => `${parts.join("/")}${query}`),
    body: route.method === "GET" ? fc.constant(undefined) : body
  })
})

/**
 * A user update whose primary e-mail is one of the addresses the user already has (the primary one or
 * another channel), alone or with the verification and sign-in flags: a case random bodies hardly ever
 * build, and once a 500 (the address was written twice).
 */
const primaryEmailSwap: fc.Arbitrary<GeneratedRequest> = fc
  .record({
    self: fc.boolean(),
    email: fc.nat().map((i) => fix().emails[i % fix().emails.length] ?? "x@example.test"),
    upperCase: fc.boolean(),
    verified: fc.option(fc.boolean(), { nil: undefined }),
    authEnabled: fc.option(fc.boolean(), { nil: undefined })
  })
  .map(({ self, email, upperCase, verified, authEnabled }): GeneratedRequest => ({
    route: { method: "PATCH", path: self ? "/api/v1/users/me" : "/api/v1/users/:userId" },
    access: self ? "client+user" : "server",
    path: self ? "/api/v1/users/me" : `/api/v1/users/${fix().user.userId}`,
    body: {
      contentType: "application/json",
      text: JSON.stringify({
        primary_email: upperCase ? email.toUpperCase() : email,
        // Only the server may set these; a client sending them is refused, which the property also checks.
        ...(self || verified === undefined ? {} : { primary_email_verified: verified }),
        ...(self || authEnabled === undefined ? {} : { primary_email_auth_enabled: authEnabled })
      })
    }
  }))

const json = (text: string): GeneratedBody => ({ contentType: "application/json", text })

/**
 * The routes whose input is a program or a token (a template source, a config override, an identity
 * token, an external provider's token), with inputs built for them (hostile-route-inputs.ts): random JSON hardly ever reaches their parsers.
 */
const programInputs: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  templateUpdateBody.map((text): GeneratedRequest => ({
    route: { method: "PATCH", path: "/api/v1/internal/email-templates/:templateId" },
    access: "admin",
    path: `/api/v1/internal/email-templates/${fix().templateId}`,
    body: json(text)
  })),
  fc
    .tuple(
      fc.constantFrom("PATCH" as const, "PUT" as const),
      fc.constantFrom(...CONFIG_LEVELS),
      fc.constantFrom("admin" as const, "server" as const)
    )
    .chain(([method, level, access]) =>
      configOverrideBody(method).map((text): GeneratedRequest => ({
        route: { method, path: "/api/v1/internal/config/override/:level" },
        access,
        path: `/api/v1/internal/config/override/${level}`,
        body: json(text)
      }))
    ),
  fc.constant(undefined).chain(() =>
    appleSignInBody(fix().apple, Math.floor(Date.now() / 1000)).map((text): GeneratedRequest => ({
      route: { method: "POST", path: "/api/v1/auth/oauth/callback/apple/native" },
      access: "client",
      path: "/api/v1/auth/oauth/callback/apple/native",
      body: json(text)
    }))
  ),
  fc.tuple(fc.constantFrom("client" as const, "client+user" as const), fc.constant(undefined)).chain(([access]) =>
    externalTokenBody(fix().apple, Math.floor(Date.now() / 1000)).map((text): GeneratedRequest => ({
      route: { method: "POST", path: "/api/v1/auth/external/token" },
      access,
      path: "/api/v1/auth/external/token",
      body: json(text)
    }))
  )
)

const request: fc.Arbitrary<GeneratedRequest> = fc.oneof(
  { weight: 16, arbitrary: anyRoute },
  { weight: 1, arbitrary: primaryEmailSwap },
  { weight: 3, arbitrary: programInputs }
)

// --- requests and snapshots ---------------------------------------------------------------------------

const send = async (generated: GeneratedRequest): Promise<{ readonly status: number; readonly text: string }> => {
  const { project, user } = fix()
  const headers: Record<string, string> = {
    ...keyHeaders(project, generated.access === "client+user" ? "client" : generated.access),
    ...(generated.access === "client+user" ? { "x-stack-access-token": user.accessToken } : {}),
    ...(generated.body?.contentType === undefined ? {} : { "content-type": generated.body.contentType })
  }
  const response = await fetch(`${backend.localBackend().url}${generated.path}`, {
    method: generated.route.method,
    headers,
    redirect: "manual",
    ...(generated.body === undefined ? {} : { body: generated.body.text })
  })
  return { status: response.status, text: (await response.text()).slice(0, 500) }
}

// Timestamps of use change on reads too; they are not data a refused request could corrupt.
const VOLATILE = new Set(["last_active_at_millis", "last_used_at_millis"])

const withoutVolatile = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutVolatile)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !VOLATILE.has(k))
      .map(([k, v]) => [k, withoutVolatile(v)])
  )
}

/** What a refused request must not change: the project's users, teams, keys, settings and templates. */
const snapshot = async (): Promise<unknown> => {
  const { project, user } = fix()
  const reads: ReadonlyArray<readonly ["server" | "admin", string]> = [
    ["server", "/users"],
    ["server", "/teams"],
    ["server", `/contact-channels?user_id=${user.userId}`],
    ["server", `/auth/sessions?user_id=${user.userId}`],
    ["admin", "/internal/api-keys"],
    ["admin", "/internal/projects/current"],
    ["admin", "/team-permission-definitions"],
    ["admin", "/internal/email-templates"]
  ]
  const answers = await Promise.all(
    reads.map(async ([accessType, path]) => {
      const result = await backend.call(project, "GET", path, { accessType, override: false })
      return [path, result.status, withoutVolatile(result.body)] as const
    })
  )
  return answers
}

describe("every route, generated input", () => {
  it("never answers 5xx, and a refused request changes no stored data", { timeout: 240_000 }, async () => {
    assert.isAbove(routes.length, 80, "the route table lists the whole API")
    let before = await snapshot()
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const answer = await send(generated)
        const label = `${generated.route.method} ${generated.path.slice(0, 200)} (${generated.access}) -> ${answer.status} ${answer.text}`
        assert.isBelow(answer.status, 500, label)
        const after = await snapshot()
        if (answer.status >= 400) assert.deepStrictEqual(after, before, `a refused request changed data: ${label}`)
        before = after
      }),
      // Unbiased: fast-check otherwise favours the first routes and the first of each set of choices.
      { numRuns: NUM_RUNS, plugins: [fc.unbiased()] }
    )
  })
})
