/**
 * Shared by the auth and contact-channel integration tests: Layers of the services under test aimed at the
 * file's local backend, and the mail a flow sent, read back over HTTP through the Inbucket-compatible API.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { coreLayer } from "../../src/layers/core.js"
import { Auth } from "../../src/services/auth.js"
import { ContactChannels, ServerContactChannels } from "../../src/services/contact-channels.js"
import { CurrentUser } from "../../src/services/current-user.js"
import { noTokens, TokenStore } from "../../src/services/token-store.js"
import type { EmulatorHandle, TestProject } from "../support/emulator.js"

export interface Tokens {
  readonly accessToken: string
  readonly refreshToken: string
}

const store = (tokens: Tokens | undefined) =>
  TokenStore.memory(tokens === undefined ? noTokens : { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })

/** Client tier: Auth, CurrentUser and ContactChannels, plus the core (Session, Transport ...). */
export const clientLayer = (backend: EmulatorHandle, project: TestProject, tokens?: Tokens) =>
  Layer.mergeAll(Auth.layer, CurrentUser.layer, ContactChannels.layer).pipe(
    Layer.provideMerge(
      coreLayer(
        {
          projectId: project.id,
          accessType: "client",
          publishableClientKey: project.publishableClientKey,
          baseUrl: backend.emulator().url
        },
        store(tokens)
      )
    )
  )

/** Server tier: the client services plus ServerContactChannels. */
export const serverLayer = (backend: EmulatorHandle, project: TestProject, tokens?: Tokens) =>
  Layer.mergeAll(Auth.layer, CurrentUser.layer, ContactChannels.layer, ServerContactChannels.layer).pipe(
    Layer.provideMerge(
      coreLayer(
        {
          projectId: project.id,
          accessType: "server",
          publishableClientKey: project.publishableClientKey,
          secretServerKey: project.secretServerKey,
          baseUrl: backend.emulator().url
        },
        store(tokens)
      )
    )
  )

export interface Mail {
  readonly id: string
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly text: string
  readonly html: string
}

const mailboxUrl = (backend: EmulatorHandle, address: string) =>
  `${backend.emulator().url}/mailbox/api/v1/mailbox/${encodeURIComponent(address)}`

/** Every message to `address`, oldest first, with bodies (the Inbucket list, then each message). */
export const mailTo = (backend: EmulatorHandle, address: string) =>
  Effect.promise(async (): Promise<ReadonlyArray<Mail>> => {
    const response = await fetch(mailboxUrl(backend, address))
    if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`)
    const list = (await response.json()) as ReadonlyArray<{ readonly id: string }>
    return Promise.all(list.map(async (item) => {
      const message = (await (await fetch(`${mailboxUrl(backend, address)}/${encodeURIComponent(item.id)}`)).json()) as {
        readonly id: string
        readonly from: string
        readonly to: ReadonlyArray<string>
        readonly subject: string
        readonly body: { readonly text: string; readonly html: string }
      }
      return { ...message, text: message.body.text, html: message.body.html }
    }))
  })

/** The newest message to `address`; fails the test when there is none. */
export const latestMailTo = (backend: EmulatorHandle, address: string) =>
  Effect.flatMap(mailTo(backend, address), (all) => {
    const newest = all.at(-1)
    return newest === undefined ? Effect.die(new Error(`no mail to ${address}`)) : Effect.succeed(newest)
  })

/** The `code` of the link in `text` that starts with `callbackUrl`. */
export const codeFromMail = (mail: Mail, callbackUrl: string): string => {
  const link = mail.text.split(/[\s()]+/).find((word) => word.startsWith(callbackUrl))
  if (link === undefined) throw new Error(`no link to ${callbackUrl} in:\n${mail.text}`)
  const code = new URL(link).searchParams.get("code")
  if (code === null || code === "") throw new Error(`no code in ${link}`)
  return code
}

/** Tries the refresh grant with `refreshToken`: 200 while the session lives. */
export const refreshWith = (backend: EmulatorHandle, project: TestProject, refreshToken: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${backend.emulator().apiUrl}/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: project.id,
        client_secret: project.publishableClientKey
      }).toString()
    })
    return { status: response.status, knownError: response.headers.get("x-stack-known-error"), text: await response.text() }
  })
