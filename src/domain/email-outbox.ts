/**
 * The e-mail outbox (`GET /emails/outbox`, `GET /emails/outbox/{id}`, server access): every message the project
 * sent, newest first, with the state the service's queue gives it (`email-outbox.ts` of its CRUD schemas at
 * 2f719903). The service's entry is a union by `status`; here one struct whose status-specific fields are
 * optional, so an entry of any of the service's fifteen states decodes.
 */
import * as Schema from "effect/Schema"
import { wireStruct } from "./wire.js"

/** Who a message goes to: a user's primary e-mail, given addresses of a user, or addresses of nobody. */
const OutboxRecipient = Schema.Union([
  wireStruct({ type: Schema.Literal("user-primary-email"), userId: Schema.String }),
  wireStruct({
    type: Schema.Literal("user-custom-emails"),
    userId: Schema.String,
    emails: Schema.Array(Schema.String)
  }),
  wireStruct({ type: Schema.Literal("custom-emails"), emails: Schema.Array(Schema.String) })
])

/** One failed attempt to send a message. */
const OutboxSendAttemptError = wireStruct({
  attemptNumber: Schema.Number,
  timestamp: Schema.String,
  externalMessage: Schema.String,
  externalDetails: Schema.Record(Schema.String, Schema.Json),
  internalMessage: Schema.String,
  internalDetails: Schema.Record(Schema.String, Schema.Json)
})

const optionalNumber = Schema.optionalKey(Schema.Number)

/** One message of the outbox. Times are milliseconds since the epoch, as the service sends them. */
export const OutboxEmail = wireStruct({
  id: Schema.String,
  createdAtMillis: Schema.Number,
  updatedAtMillis: Schema.Number,
  tsxSource: Schema.String,
  themeId: Schema.NullOr(Schema.String),
  to: OutboxRecipient,
  variables: Schema.Record(Schema.String, Schema.Json),
  skipDeliverabilityCheck: Schema.Boolean,
  scheduledAtMillis: Schema.Number,
  createdWith: Schema.Literals(["draft", "programmatic-call"]),
  emailDraftId: Schema.NullOr(Schema.String),
  emailProgrammaticCallTemplateId: Schema.NullOr(Schema.String),
  sendRetries: Schema.Number,
  nextSendRetryAtMillis: Schema.NullOr(Schema.Number),
  sendAttemptErrors: Schema.NullOr(Schema.Array(OutboxSendAttemptError)),
  /**
   * `paused`, `preparing`, `rendering`, `render-error`, `scheduled`, `queued`, `sending`, `server-error`,
   * `skipped`, `bounced`, `delivery-delayed`, `sent`, `opened`, `clicked` or `marked-as-spam`; kept as text so a
   * state the service adds later still decodes.
   */
  status: Schema.String,
  /** `in-progress`, `ok` or `error`. */
  simpleStatus: Schema.String,
  isPaused: Schema.Boolean,
  hasRendered: Schema.Boolean,
  hasDelivered: Schema.Boolean,
  // Rendered messages.
  startedRenderingAtMillis: optionalNumber,
  renderedAtMillis: optionalNumber,
  subject: Schema.optionalKey(Schema.String),
  html: Schema.optionalKey(Schema.NullOr(Schema.String)),
  text: Schema.optionalKey(Schema.NullOr(Schema.String)),
  isTransactional: Schema.optionalKey(Schema.Boolean),
  isHighPriority: Schema.optionalKey(Schema.Boolean),
  notificationCategoryId: Schema.optionalKey(Schema.NullOr(Schema.String)),
  // Sending and after.
  startedSendingAtMillis: optionalNumber,
  deliveredAtMillis: optionalNumber,
  canHaveDeliveryInfo: Schema.optionalKey(Schema.Boolean),
  errorAtMillis: optionalNumber,
  serverError: Schema.optionalKey(Schema.String),
  renderError: Schema.optionalKey(Schema.String),
  skippedAtMillis: optionalNumber,
  skippedReason: Schema.optionalKey(Schema.String),
  skippedDetails: Schema.optionalKey(Schema.Record(Schema.String, Schema.Json)),
  bouncedAtMillis: optionalNumber,
  deliveryDelayedAtMillis: optionalNumber,
  openedAtMillis: optionalNumber,
  clickedAtMillis: optionalNumber,
  markedAsSpamAtMillis: optionalNumber
})
export type OutboxEmail = typeof OutboxEmail.Type
