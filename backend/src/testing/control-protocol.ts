/**
 * How the testing kit talks to the one backend of a test run: the headers a worker's proxy adds to a
 * request of a test's project (the control secret, the project's time, the fault to answer), the control
 * routes below `CONTROL_PREFIX` (open and delete a project, make a signed-in user, read its mail, report its
 * time: `POST /projects/{id}/time` with the time header) and their JSON. Both sides import
 * this file: the backend's `control-server.ts` and the worker's `control-client.ts` and `proxy.ts`.
 */
import * as Schema from "effect/Schema"

/** The control routes' prefix; no route of the service starts with it. */
export const CONTROL_PREFIX = "/__stackfx-test"

export const CONTROL_HEADERS = {
  /** The run's control secret: without it a header below or a control route is refused. */
  secret: "x-stackfx-test-secret",
  /** The project's time for this request, in milliseconds since the epoch (the test's clock). */
  time: "x-stackfx-test-time",
  /** A fault the backend answers instead of (or before) handling the request: base64url of `WireFault`'s JSON. */
  fault: "x-stackfx-test-fault"
} as const

/** The variable a global setup hands the run's backend to the workers through (JSON of `SharedBackend`). */
export const SHARED_BACKEND_VARIABLE = "STACKFX_TEST_BACKEND"

/** A fault as the proxy sends it: a whole answer (its known error already encoded) or a delay. */
export const WireFault = Schema.Union([
  Schema.Struct({
    _tag: Schema.Literal("Status"),
    status: Schema.Int.check(Schema.isBetween({ minimum: 200, maximum: 599 })),
    body: Schema.String,
    headers: Schema.Record(Schema.String, Schema.String)
  }),
  Schema.Struct({
    _tag: Schema.Literal("Delay"),
    millis: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 600_000 }))
  })
])
export type WireFault = typeof WireFault.Type

/** Where the run's backend listens and how to control it (what a worker needs to connect). */
export const SharedBackend = Schema.Struct({
  url: Schema.String,
  secret: Schema.String,
  /** The seeded projects' keys (the `LocalBackendShape` without its URLs, which are the worker's proxy's). */
  project: Schema.Struct({
    id: Schema.String,
    publishableClientKey: Schema.String,
    secretServerKey: Schema.String,
    superSecretAdminKey: Schema.String
  }),
  demoProject: Schema.Struct({
    id: Schema.String,
    publishableClientKey: Schema.String,
    secretServerKey: Schema.String,
    superSecretAdminKey: Schema.String
  })
})
export type SharedBackend = typeof SharedBackend.Type

/** `POST /projects`: the project's name and its config in the wire form of `AdminProjectConfigUpdate`. */
export const NewProjectRequest = Schema.Struct({
  displayName: Schema.String.check(Schema.isMaxLength(1_000)),
  config: Schema.Unknown
})

export const OpenedProject = Schema.Struct({
  projectId: Schema.String,
  publishableClientKey: Schema.String,
  secretServerKey: Schema.String,
  superSecretAdminKey: Schema.String
})

/**
 * `POST /projects/{id}/users`: a user (the `POST /users` body, its wire form) and a session of theirs in one
 * call, the fixture's; tokens name `baseUrl`, the URL the test's clients use (the worker's proxy).
 */
export const NewUserRequest = Schema.Struct({
  user: Schema.Unknown,
  baseUrl: Schema.String.check(Schema.isMaxLength(2_000))
})

export const SignedInUser = Schema.Struct({
  userId: Schema.String,
  accessToken: Schema.String,
  refreshToken: Schema.String
})

/** `GET /projects/{id}/mail?address=`: every message to the address, oldest first. */
export const MailList = Schema.Array(
  Schema.Struct({
    id: Schema.String,
    to: Schema.String,
    from: Schema.String,
    subject: Schema.String,
    text: Schema.String,
    html: Schema.String,
    sentAt: Schema.Number
  })
)
export type MailList = typeof MailList.Type
