/**
 * The mail a flow sent, read back over HTTP through the local backend's Inbucket-compatible API, and the
 * code of the link in it.
 *
 * @example
 * const code = codeFromMail(yield* latestMailTo(backend, email), callbackUrl)
 */
import * as Effect from "effect/Effect"
import { codeLinksOf } from "../../backend/src/testing/mail-reader.js"
import type { LocalBackendHandle } from "./local-backend.js"

export interface Mail {
  readonly id: string
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly text: string
  readonly html: string
}

interface InbucketMessage {
  readonly id: string
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly body: { readonly text: string; readonly html: string }
}

const mailboxUrl = (backend: LocalBackendHandle, address: string) =>
  `${backend.localBackend().url}/mailbox/api/v1/mailbox/${encodeURIComponent(address)}`

/** Every message to `address`, oldest first, with bodies (the Inbucket list, then each message). */
export const mailTo = (backend: LocalBackendHandle, address: string) =>
  Effect.promise(async (): Promise<ReadonlyArray<Mail>> => {
    const response = await fetch(mailboxUrl(backend, address))
    if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`)
    const list = (await response.json()) as ReadonlyArray<{ readonly id: string }>
    return Promise.all(
      list.map(async (item) => {
        const message = (await (
          await fetch(`${mailboxUrl(backend, address)}/${encodeURIComponent(item.id)}`)
        ).json()) as InbucketMessage
        return { ...message, text: message.body.text, html: message.body.html }
      })
    )
  })

/** The newest message to `address`; fails the test when there is none. */
export const latestMailTo = (backend: LocalBackendHandle, address: string) =>
  Effect.flatMap(mailTo(backend, address), (all) => {
    const newest = all.at(-1)
    return newest === undefined ? Effect.die(new Error(`no mail to ${address}`)) : Effect.succeed(newest)
  })

/** The `code` of the first link in the mail's text that starts with `callbackUrl` (read as the testing kit reads links). */
export const codeFromMail = (mail: Pick<Mail, "text">, callbackUrl: string): string => {
  const link = codeLinksOf(mail.text).find((candidate) => candidate.url.startsWith(callbackUrl))
  if (link === undefined) throw new Error(`no link to ${callbackUrl} with a code in:\n${mail.text}`)
  return link.code
}
