/**
 * The mailbox routes, ready for the local backend's router. With the default prefix `/mailbox`:
 * - `GET /mailbox`                          recent messages of all mailboxes (HTML)
 * - `GET /mailbox/inbox?name=...`           redirect to the mailbox page of that name
 * - `GET /mailbox/inbox/{name}`             one mailbox (HTML)
 * - `GET /mailbox/inbox/{name}/{id}`        one message (HTML)
 * - `GET /mailbox/api/v1/mailbox/{name}`    Inbucket list (JSON, see `inbucket.ts`)
 * - `GET /mailbox/api/v1/mailbox/{name}/{id}` Inbucket message (JSON)
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { defaultMailboxPrefix, mailboxListResponse, mailboxMessageResponse, storeFailure } from "./inbucket.js"
import { renderInboxList, renderInboxMessage } from "./inbox-page.js"
import { Outbox, type OutboxShape } from "./outbox.js"

type Base = `/${string}`

const recentLimit = 100

const isBase = (path: string): path is Base => path.length > 1 && path.startsWith("/")

const param = (name: string) => Effect.map(HttpRouter.params, (p) => p[name] ?? "")

const notFound = HttpServerResponse.text("not found", { status: 404 })

const pageRoutes = (router: HttpRouter.HttpRouter, outbox: OutboxShape, base: Base) =>
  Effect.all(
    [
      router.add(
        "GET",
        base,
        outbox.recent(recentLimit).pipe(
          Effect.map((mails) => HttpServerResponse.html(renderInboxList({ base }, mails))),
          Effect.catchTag("OutboxStoreError", storeFailure)
        )
      ),
      router.add(
        "GET",
        `${base}/inbox`,
        Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
          const name = new URL(request.url, "http://localhost").searchParams.get("name")?.trim() ?? ""
          return HttpServerResponse.redirect(name === "" ? base : `${base}/inbox/${encodeURIComponent(name)}`)
        })
      ),
      router.add(
        "GET",
        `${base}/inbox/:name`,
        Effect.flatMap(param("name"), (name) =>
          outbox.list(name).pipe(
            Effect.map((mails) => HttpServerResponse.html(renderInboxList({ base }, mails, name))),
            Effect.catchTag("OutboxStoreError", storeFailure)
          )
        )
      ),
      router.add(
        "GET",
        `${base}/inbox/:name/:id`,
        Effect.flatMap(Effect.all([param("name"), param("id")]), ([name, id]) =>
          outbox.get(name, id).pipe(
            Effect.map((mail) => HttpServerResponse.html(renderInboxMessage({ base }, mail))),
            Effect.catchTags({ MailNotFound: () => Effect.succeed(notFound), OutboxStoreError: storeFailure })
          )
        )
      )
    ],
    { discard: true }
  )

const apiRoutes = (router: HttpRouter.HttpRouter, outbox: OutboxShape, base: Base) =>
  Effect.all(
    [
      router.add(
        "GET",
        `${base}/api/v1/mailbox/:name`,
        Effect.flatMap(param("name"), (name) => mailboxListResponse(outbox, name))
      ),
      router.add(
        "GET",
        `${base}/api/v1/mailbox/:name/:id`,
        Effect.flatMap(Effect.all([param("name"), param("id")]), ([name, id]) =>
          mailboxMessageResponse(outbox, name, id)
        )
      )
    ],
    { discard: true }
  )

/**
 * Add the mailbox API and pages to the router, reading the `Outbox` once at construction.
 *
 * @example Layer.mergeAll(apiRoutes, mailboxRoutes()).pipe(Layer.provide(Outbox.layer(sqlOutboxStore)))
 */
export const mailboxRoutes = (
  prefix: Base = defaultMailboxPrefix
): Layer.Layer<never, never, HttpRouter.HttpRouter | Outbox> => {
  const trimmed = prefix.replace(/\/+$/, "")
  // the pages need a prefix of their own: at the root they would shadow the API's routes
  const base: Base = isBase(trimmed) ? trimmed : defaultMailboxPrefix
  return HttpRouter.use((router) =>
    Effect.gen(function* () {
      const outbox = yield* Outbox
      yield* apiRoutes(router, outbox, base)
      yield* pageRoutes(router, outbox, base)
    })
  )
}
