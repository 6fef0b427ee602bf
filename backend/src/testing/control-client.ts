/**
 * The worker's side of the kit's control routes (control-server.ts): open and delete a test's project, make
 * a signed-in user, read its mail and report its time on the run's backend, straight to it (not through the proxy) with the
 * run's secret. A failure here is the kit's or the backend's, not the test's: it is a defect whose message
 * says what failed (a user the backend refuses is the fixture's error).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CONTROL_HEADERS,
  CONTROL_PREFIX,
  MailList,
  OpenedProject,
  type SharedBackend,
  SignedInUser
} from "./control-protocol.js"
import type { Mail } from "./mailbox.js"

export interface ControlClient {
  /** A new project with the config (wire form of `AdminProjectConfigUpdate`), created at `time`. */
  readonly openProject: (
    input: { readonly displayName: string; readonly config: unknown },
    time: number
  ) => Effect.Effect<typeof OpenedProject.Type>
  readonly deleteProject: (projectId: string) => Effect.Effect<void>
  /**
   * A user (`user`: the wire form of the `POST /users` body) and a session of theirs made at `time`, the tokens
   * naming `baseUrl`; fails with the backend's message when it refuses the user (a taken address, a short password).
   */
  readonly createUser: (
    projectId: string,
    input: { readonly user: unknown; readonly baseUrl: string },
    time: number
  ) => Effect.Effect<typeof SignedInUser.Type, string>
  /** Every message to `address` of the project, oldest first. */
  readonly mail: (projectId: string, address: string) => Effect.Effect<ReadonlyArray<Mail>>
  /** Tells the backend the project's time (the test's clock moved): its webhook retries come due by it. */
  readonly reportTime: (projectId: string, time: number) => Effect.Effect<void>
}

const decodeOpened = Schema.decodeUnknownSync(OpenedProject)
const decodeMail = Schema.decodeUnknownSync(MailList)
const decodeSignedIn = Schema.decodeUnknownSync(SignedInUser)

export const controlClient = (backend: Pick<SharedBackend, "url" | "secret">): ControlClient => {
  const exchange = (method: string, path: string, init: { readonly body?: unknown; readonly time?: number } = {}) =>
    Effect.promise(async () => {
      const response = await fetch(`${backend.url}${CONTROL_PREFIX}${path}`, {
        method,
        headers: {
          [CONTROL_HEADERS.secret]: backend.secret,
          ...(init.time === undefined ? {} : { [CONTROL_HEADERS.time]: String(init.time) }),
          ...(init.body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) })
      }).catch((error: unknown) =>
        Promise.reject(
          new Error(`stackfx testing kit: the run's backend at ${backend.url} did not answer ${method} ${path}`, {
            cause: error
          })
        )
      )
      return { status: response.status, text: await response.text() }
    })
  const send = (method: string, path: string, init: { readonly body?: unknown; readonly time?: number } = {}) =>
    Effect.map(exchange(method, path, init), ({ status, text }) => {
      if (status >= 300) throw new Error(`stackfx testing kit: ${method} ${path} answered ${status}: ${text}`)
      return text === "" ? undefined : (JSON.parse(text) as unknown)
    })
  return {
    openProject: (input, time) => Effect.map(send("POST", "/projects", { body: input, time }), decodeOpened),
    deleteProject: (projectId) => Effect.asVoid(send("DELETE", `/projects/${encodeURIComponent(projectId)}`)),
    createUser: (projectId, input, time) =>
      Effect.flatMap(
        exchange("POST", `/projects/${encodeURIComponent(projectId)}/users`, { body: input, time }),
        ({ status, text }) =>
          status === 400
            ? Effect.fail(text)
            : status >= 300
              ? Effect.die(new Error(`stackfx testing kit: a fixture user answered ${status}: ${text}`))
              : Effect.succeed(decodeSignedIn(JSON.parse(text)))
      ),
    reportTime: (projectId, time) =>
      Effect.asVoid(send("POST", `/projects/${encodeURIComponent(projectId)}/time`, { time })),
    mail: (projectId, address) =>
      Effect.map(
        send("GET", `/projects/${encodeURIComponent(projectId)}/mail?address=${encodeURIComponent(address)}`),
        (answer) => decodeMail(answer).map((mail) => ({ ...mail, sentAt: new Date(mail.sentAt) }))
      )
  }
}
