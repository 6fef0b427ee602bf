/**
 * Reads the mail the backend sent for a test's project (`MailSource`: the control route's answer): the
 * messages to an address, and the code or link of the newest message of a kind (told apart by the default
 * templates' subject lines).
 * Reading waits for the message (the backend stores it during the request that sends it, so it is usually
 * there at once) and gives up after a timeout with an error naming the address.
 */
import * as Effect from "effect/Effect"
import { otpOf } from "../operations/codes/emailed-codes.js"
import { type EmailLink, type Mail, type MailKind, MailTimeout, type MailWait, MailWithoutLink } from "./mailbox.js"

const subjects: Readonly<Record<Exclude<MailKind, "any">, RegExp>> = {
  magicLink: /^Sign in to .*: Your code is /,
  emailVerification: /^Verify your email at /,
  passwordReset: /^Reset your password at /,
  teamInvitation: /^You have been invited to join /
}

const kindNames: Readonly<Record<MailKind, string>> = {
  magicLink: "sign-in (magic link / OTP)",
  emailVerification: "e-mail verification",
  passwordReset: "password reset",
  teamInvitation: "team invitation",
  any: ""
}

/** Every message to an address of the test's project, oldest first. */
export type MailSource = (address: string) => Effect.Effect<ReadonlyArray<Mail>>

const DEFAULT_TIMEOUT_MILLIS = 5_000
const POLL_MILLIS = 10

// Real time, whatever clock the test runs under: a TestClock would never end the wait.
const realSleep = (millis: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, millis)))

/** The newest message of `kind` to `address`, waiting for one up to the timeout. */
export const latestMail = (
  mailTo: MailSource,
  address: string,
  kind: MailKind = "any",
  wait: MailWait = {}
): Effect.Effect<Mail, MailTimeout> => {
  const timeoutMillis = wait.timeoutMillis ?? DEFAULT_TIMEOUT_MILLIS
  const deadline = Date.now() + timeoutMillis
  const ofKind = (mail: Mail) => kind === "any" || subjects[kind].test(mail.subject)
  const attempt: Effect.Effect<Mail, MailTimeout> = Effect.flatMap(mailTo(address), (all) => {
    const newest = all.filter(ofKind).at(-1)
    if (newest !== undefined) return Effect.succeed(newest)
    if (Date.now() >= deadline) {
      const what = kind === "any" ? "no mail" : `no ${kindNames[kind]} mail`
      const others =
        all.length === 0 ? "" : ` (it got ${all.length} other: ${all.map((m) => `"${m.subject}"`).join(", ")})`
      return Effect.fail(
        new MailTimeout({
          address,
          kind,
          timeoutMillis,
          message: `${what} reached ${address} within ${timeoutMillis} ms${others}`
        })
      )
    }
    return Effect.andThen(realSleep(POLL_MILLIS), attempt)
  })
  return attempt
}

/** The links of a message's text that carry a `code` query parameter, in order. */
export const codeLinksOf = (text: string): ReadonlyArray<EmailLink> => {
  const links: Array<EmailLink> = []
  // Links stand in plain text, in parentheses or angle brackets, or end a sentence.
  for (const word of text.split(/[\s()<>"]+/)) {
    const candidate = word.replace(/[.,]+$/, "")
    if (!URL.canParse(candidate)) continue
    const code = new URL(candidate).searchParams.get("code")
    if (code !== null && code !== "") links.push({ url: candidate, code })
  }
  return links
}

/** The first link of the message that carries a `code` query parameter. */
export const linkOf = (mail: Mail): EmailLink | MailWithoutLink =>
  codeLinksOf(mail.text)[0] ??
  new MailWithoutLink({
    address: mail.to,
    subject: mail.subject,
    message: `the mail "${mail.subject}" to ${mail.to} has no link with a code`
  })

/** The link of the newest message of `kind` to `address`. */
export const latestLink = (
  mailTo: MailSource,
  address: string,
  kind: MailKind,
  wait?: MailWait
): Effect.Effect<EmailLink, MailTimeout | MailWithoutLink> =>
  Effect.flatMap(latestMail(mailTo, address, kind, wait), (mail) => {
    const link = linkOf(mail)
    return link instanceof MailWithoutLink ? Effect.fail(link) : Effect.succeed(link)
  })

/** The six-character sign-in code of the newest magic-link message (what a person types). */
export const latestOtp = (
  mailTo: MailSource,
  address: string,
  wait?: MailWait
): Effect.Effect<string, MailTimeout | MailWithoutLink> =>
  Effect.map(latestLink(mailTo, address, "magicLink", wait), (link) => otpOf(link.code))
