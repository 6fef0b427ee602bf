import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { createTransport } from "nodemailer"
import { defaultSender, formatMailbox, type OutgoingMail, type Sender, type StoredMail } from "./message.js"
import type { OutboxShape, OutboxStoreError } from "./outbox.js"

/** A project's own SMTP server (email config type "standard"). */
export interface SmtpConfig {
  readonly host: string
  readonly port: number
  readonly username: string
  readonly password: string
  readonly senderName: string
  readonly senderEmail: string
}

/** A project's email config: the local backend's outbox only ("shared"), or the outbox plus SMTP ("standard"). */
export type EmailConfig = { readonly type: "shared" } | ({ readonly type: "standard" } & SmtpConfig)

/** SMTP delivery failed; `errorMessage` is what `send-test-email` reports (it never contains the password). */
export class SmtpSendError extends Schema.TaggedError<SmtpSendError>()("SmtpSendError", {
  errorMessage: Schema.String
}) {}

export interface SmtpOptions {
  /** Connection, greeting and socket timeout; a test email should fail in seconds, not hang. */
  readonly timeoutMs?: number | undefined
}

const describe = (cause: unknown, password: string): string => {
  const raw = cause instanceof Error ? cause.message : String(cause)
  const message = raw.trim() === "" ? "Unknown SMTP error" : raw
  return password === "" ? message : message.split(password).join("[redacted]")
}

/**
 * The sender of a project's messages under its email config. The shared config sends in the project's
 * name (as the hosted service does: "My App" <noreply@...>), from the local backend's own address.
 */
export const senderOf = (config: EmailConfig, projectDisplayName?: string): Sender =>
  config.type === "standard"
    ? { name: config.senderName, email: config.senderEmail }
    : { name: projectDisplayName ?? defaultSender.name, email: defaultSender.email }

/**
 * Send one message through an SMTP server. Port 465 uses implicit TLS; other ports upgrade with STARTTLS
 * when the server offers it. The transport is closed however the send ends, interruption included.
 */
export const sendSmtp = (
  config: SmtpConfig,
  mail: OutgoingMail,
  options: SmtpOptions = {}
): Effect.Effect<void, SmtpSendError> => {
  const timeout = options.timeoutMs ?? 10_000
  return Effect.acquireUseRelease(
    Effect.sync(() =>
      createTransport({
        host: config.host,
        port: config.port,
        secure: config.port === 465,
        ...(config.username === "" ? {} : { auth: { user: config.username, pass: config.password } }),
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout
      })
    ),
    (transport) =>
      Effect.tryPromise({
        try: () =>
          transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
        catch: (cause) => new SmtpSendError({ errorMessage: describe(cause, config.password) })
      }),
    (transport) => Effect.sync(() => transport.close())
  ).pipe(Effect.asVoid)
}

/** The message `POST /internal/send-test-email` sends. */
export const testEmail = (config: SmtpConfig, recipient: string): OutgoingMail => ({
  to: recipient,
  from: formatMailbox({ name: config.senderName, email: config.senderEmail }),
  subject: "Test email from your Stack Auth project",
  text: "This is a test email. Your email configuration works.",
  html: "<p>This is a test email. Your email configuration works.</p>"
})

/** Send the test email; the failure carries the `errorMessage` the admin sees. */
export const sendTestEmail = (
  config: SmtpConfig,
  recipient: string,
  options?: SmtpOptions
): Effect.Effect<void, SmtpSendError> => sendSmtp(config, testEmail(config, recipient), options)

/** What happened to a message beyond the outbox. */
export type Relay =
  | { readonly _tag: "OutboxOnly" }
  | { readonly _tag: "SmtpSent" }
  | { readonly _tag: "SmtpFailed"; readonly error: SmtpSendError }

export interface Delivery {
  readonly mail: StoredMail
  readonly relay: Relay
}

/**
 * Keep the message in the outbox and, under a "standard" config, also send it by SMTP. An SMTP failure does
 * not fail the delivery (the hosted service does not fail a sign-up because mail bounced); it is reported in
 * `relay` for the caller to log.
 */
export const deliver = (
  outbox: OutboxShape,
  config: EmailConfig,
  mail: OutgoingMail,
  options?: SmtpOptions
): Effect.Effect<Delivery, OutboxStoreError> =>
  Effect.gen(function* () {
    const stored = yield* outbox.add(mail)
    if (config.type === "shared") return { mail: stored, relay: { _tag: "OutboxOnly" } }
    const relay: Relay = yield* sendSmtp(config, mail, options).pipe(
      Effect.match({
        onFailure: (error): Relay => ({ _tag: "SmtpFailed", error }),
        onSuccess: (): Relay => ({ _tag: "SmtpSent" })
      })
    )
    return { mail: stored, relay }
  })
