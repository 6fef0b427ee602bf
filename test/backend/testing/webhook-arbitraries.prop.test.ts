/**
 * The testing kit's webhook event arbitraries (backend/src/testing/arbitraries.ts): each type's generator makes
 * events of that type only, and every generated event, encoded as the backend sends it, signed as Svix signs and
 * verified by `verifyWebhook`, decodes to the event it was.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { Webhook } from "standardwebhooks"
import { describe, expect, it } from "vitest"
import { fastCheck, webhookEvents } from "../../../backend/src/testing/arbitraries.js"
import { WEBHOOK_EVENT_TYPES, WebhookEvent } from "../../../src/domain/webhook-event.js"
import { verifyWebhook } from "../../../src/services/app-server/verify-webhook.js"

const secret = `whsec_${Buffer.from("webhook-arbitraries-property-test").toString("base64")}`
const signer = new Webhook(secret)
const encode = Schema.encodeUnknownSync(Schema.fromJsonString(WebhookEvent))

/** The event as a receiver gets it: the body the backend encodes, the headers it signs. */
const delivered = (event: WebhookEvent, index: number) => {
  const body = encode(event)
  const at = new Date()
  const id = `msg_property${index}`
  return {
    body,
    headers: {
      "svix-id": id,
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": signer.sign(id, at, body)
    }
  }
}

describe("the kit's webhook event arbitraries", () => {
  it("cover every event type, each generator making events of its type only", () => {
    expect(Object.keys(webhookEvents).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
    for (const type of WEBHOOK_EVENT_TYPES) {
      fc.assert(
        fc.property(webhookEvents[type], (event) => event.type === type),
        { numRuns: 20 }
      )
    }
  })

  it("round-trip every generated event through signing, verifyWebhook and decoding", () => {
    let index = 0
    for (const arbitrary of [...Object.values(webhookEvents), fastCheck.webhookEvent]) {
      fc.assert(
        fc.property(arbitrary, (event: WebhookEvent) => {
          const exit = Effect.runSyncExit(verifyWebhook(delivered(event, index++), secret))
          expect(Exit.isSuccess(exit) ? exit.value : exit).toStrictEqual(event)
        }),
        { numRuns: 30 }
      )
    }
  })
})
