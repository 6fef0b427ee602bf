/**
 * One attempt of a delivery: the body signed with the endpoint's `whsec_` secret by `standardwebhooks` (the
 * scheme Svix signs with) and POSTed with Svix's headers (`svix-id`, `svix-timestamp`, `svix-signature`, what
 * the `svix` package's `Webhook.verify` reads) and the same values under the Standard Webhooks names
 * (`webhook-*`). A 2xx answer within the timeout is a success; anything else (3xx included, as with Svix, so
 * redirects are not followed) a failure. The answer's body is read up to `RESPONSE_BODY_CAP` characters only.
 */
import * as Effect from "effect/Effect"
import { Webhook } from "standardwebhooks"

/** How much of a receiver's answer is read and kept. */
export const RESPONSE_BODY_CAP = 2_048

/** Svix's time limit for an answer. */
export const DEFAULT_DELIVERY_TIMEOUT_MILLIS = 15_000

export interface DeliveryRequest {
  readonly url: string
  readonly secret: string
  readonly messageId: string
  readonly body: string
  /** The attempt's time; signed as the timestamp. */
  readonly at: Date
}

/** What the receiver answered, or why it did not. */
export type AttemptResult =
  | { readonly _tag: "Answered"; readonly status: number; readonly body: string }
  | { readonly _tag: "NoAnswer"; readonly reason: string }

/** The signed headers of an attempt, under Svix's and the Standard Webhooks' names. */
export const signedHeaders = (request: DeliveryRequest): Record<string, string> => {
  const signature = new Webhook(request.secret).sign(request.messageId, request.at, request.body)
  const timestamp = String(Math.floor(request.at.getTime() / 1000))
  return {
    "content-type": "application/json",
    "user-agent": "stackfx-backend-webhooks",
    "svix-id": request.messageId,
    "svix-timestamp": timestamp,
    "svix-signature": signature,
    "webhook-id": request.messageId,
    "webhook-timestamp": timestamp,
    "webhook-signature": signature
  }
}

/** Reads at most `cap` characters of a body, then stops reading. */
const cappedText = async (response: Response, cap: number): Promise<string> => {
  const reader = response.body?.getReader()
  if (reader === undefined) return ""
  const decoder = new TextDecoder()
  let text = ""
  while (text.length < cap) {
    const chunk = await reader.read()
    if (chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  await reader.cancel().catch(() => undefined)
  return text.slice(0, cap)
}

const describe = (cause: unknown): string => {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : undefined
  const outer = cause instanceof Error ? cause.message : String(cause)
  return inner === undefined ? outer : `${outer}: ${inner}`
}

/** Sends one attempt; never fails (a failure to reach the receiver is a `NoAnswer`). */
export const sendAttempt = (request: DeliveryRequest, timeoutMillis: number): Effect.Effect<AttemptResult> =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(request.url, {
        method: "POST",
        headers: signedHeaders(request),
        body: request.body,
        redirect: "manual",
        signal
      })
      return { _tag: "Answered", status: response.status, body: await cappedText(response, RESPONSE_BODY_CAP) } as const
    },
    catch: describe
  }).pipe(
    Effect.timeoutOrElse({
      duration: timeoutMillis,
      orElse: () => Effect.fail(`no answer within ${timeoutMillis} ms`)
    }),
    Effect.catch((reason) => Effect.succeed<AttemptResult>({ _tag: "NoAnswer", reason }))
  )
