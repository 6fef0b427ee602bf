/**
 * `GET /emails/outbox` and `GET /emails/outbox/{id}`: the messages the project sent, as the service's outbox
 * shows them (`emails/outbox/crud.tsx` at 2f719903). The local backend renders and hands a message on while
 * serving the request that sends it, so every message it keeps went through the service's whole queue at that
 * moment: rendered, then `sent` (to the outbox, and to the project's SMTP server when it has one), or a
 * `server-error` when that server refused it. Messages made from a default template are the service's
 * high-priority programmatic calls of that template, to the user's addresses when they went to a user.
 */
import * as Effect from "effect/Effect"
import type { OutboxEmail } from "@stackfx/lib/domain/email-outbox.js"
import type { ListResponse } from "@stackfx/lib/domain/list.js"
import { Refused } from "../../errors/refused.js"
import type { DbEffect } from "../../store/db.js"
import { findOutboxEmail, listOutboxEmails, type OutboxEmailRow } from "../../store/projects/email-outbox.js"

/** The service's largest page, and its default. */
const MAX_LIMIT = 100

const toOutboxEmail = (row: OutboxEmailRow): OutboxEmail => {
  const at = row.createdAt.getTime()
  const base = {
    id: row.id,
    createdAtMillis: at,
    updatedAtMillis: at,
    tsxSource: row.tsxSource ?? "",
    themeId: row.themeId,
    to:
      row.userId === null
        ? { type: "custom-emails" as const, emails: [row.toAddress] }
        : { type: "user-custom-emails" as const, userId: row.userId, emails: [row.toAddress] },
    variables: {},
    skipDeliverabilityCheck: false,
    scheduledAtMillis: at,
    createdWith: "programmatic-call" as const,
    emailDraftId: null,
    emailProgrammaticCallTemplateId: row.templateId,
    sendRetries: 0,
    nextSendRetryAtMillis: null,
    sendAttemptErrors: null,
    isPaused: false,
    hasRendered: true,
    startedRenderingAtMillis: at,
    renderedAtMillis: at,
    subject: row.subject,
    html: row.htmlBody,
    text: row.textBody,
    isTransactional: row.isTransactional,
    isHighPriority: true,
    notificationCategoryId: row.notificationCategoryId,
    startedSendingAtMillis: at
  }
  return row.smtpError === null
    ? {
        ...base,
        status: "sent",
        simpleStatus: "ok",
        hasDelivered: true,
        deliveredAtMillis: at,
        canHaveDeliveryInfo: false
      }
    : {
        ...base,
        status: "server-error",
        simpleStatus: "error",
        hasDelivered: false,
        errorAtMillis: at,
        serverError: row.smtpError
      }
}

/** The service's reading of a status filter: any case, dashes or underscores. */
const normalStatus = (status: string | undefined) => status?.toLowerCase().replace(/_/g, "-")

/** A page of the project's messages, newest first; `next_cursor` is the first message of the next page. */
export const listOutbox = (
  projectId: string,
  query: {
    readonly status?: string | undefined
    readonly simple_status?: string | undefined
    readonly limit?: string | undefined
    readonly cursor?: string | undefined
  }
): DbEffect<ListResponse<OutboxEmail>, Refused> =>
  Effect.gen(function* () {
    // The service's `parseInt`: leading digits count ("5x" is 5), anything else is refused.
    const limit = query.limit === undefined ? MAX_LIMIT : Number.parseInt(query.limit, 10)
    if (Number.isNaN(limit) || limit < 1) {
      return yield* Effect.fail(new Refused({ reason: "invalid", message: "Invalid limit parameter" }))
    }
    if (limit > MAX_LIMIT) {
      return yield* Effect.fail(new Refused({ reason: "invalid", message: `Limit cannot exceed ${MAX_LIMIT}` }))
    }
    const found = yield* listOutboxEmails({
      projectId,
      status: normalStatus(query.status),
      simpleStatus: normalStatus(query.simple_status),
      cursor: query.cursor,
      limit: limit + 1
    })
    const next = found[limit]
    return {
      items: found.slice(0, limit).map(toOutboxEmail),
      isPaginated: true as const,
      pagination: { nextCursor: next === undefined ? null : next.id }
    }
  })

/** One message of the project; a plain 404 when it has none with this id. */
export const getOutboxEmail = (projectId: string, id: string): DbEffect<OutboxEmail, Refused> =>
  Effect.flatMap(findOutboxEmail(projectId, id), (row) =>
    row === undefined
      ? Effect.fail(new Refused({ reason: "not-found", message: "Email not found" }))
      : Effect.succeed(toOutboxEmail(row))
  )
