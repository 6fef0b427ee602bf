import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Schema } from "effect"
import { HttpRouter } from "effect/http"
import { TestClock } from "effect/testing"
import {
  InbucketListItem,
  InbucketMessage,
  inbucketAddress,
  toInbucketMessage
} from "../../../backend/src/mail/inbucket.js"
import { renderInboxList, renderInboxMessage } from "../../../backend/src/mail/inbox-page.js"
import { mailboxRoutes } from "../../../backend/src/mail/mailbox-routes.js"
import type { OutgoingMail } from "../../../backend/src/mail/message.js"
import { makeOutbox, memoryOutboxStore, Outbox } from "../../../backend/src/mail/outbox.js"

const mail = (to: string, subject: string): OutgoingMail => ({
  to,
  from: `"Demo" <noreply@demo.test>`,
  subject,
  text: `text of ${subject}`,
  html: `<p>html of ${subject}</p>`
})

const counterIds = () => {
  let n = 0
  return Effect.sync(() => `m${++n}`)
}

describe("Outbox", () => {
  it.effect("keeps every message with its time and finds it by local part or full address", () =>
    Effect.gen(function* () {
      const outbox = makeOutbox(yield* memoryOutboxStore, { newId: counterIds() })
      yield* TestClock.setTime(1_700_000_000_000)
      const first = yield* outbox.add(mail("Ada@Example.com", "one"))
      yield* TestClock.adjust("1 second")
      yield* outbox.add(mail("ada@other.test", "two"))
      yield* outbox.add(mail("bob@example.com", "three"))

      assert.strictEqual(first.id, "m1")
      assert.strictEqual(first.mailbox, "ada")
      assert.strictEqual(first.createdAt.getTime(), 1_700_000_000_000)
      assert.deepStrictEqual(
        (yield* outbox.list("ada")).map((m) => m.subject),
        ["one", "two"]
      )
      assert.deepStrictEqual(
        (yield* outbox.list("ADA@example.com")).map((m) => m.subject),
        ["one"]
      )
      assert.deepStrictEqual(
        (yield* outbox.list("nobody")).map((m) => m.subject),
        []
      )
      assert.deepStrictEqual(
        (yield* outbox.recent(2)).map((m) => m.subject),
        ["three", "two"]
      )
    })
  )

  it.effect("get marks a message seen and misses with MailNotFound", () =>
    Effect.gen(function* () {
      const outbox = makeOutbox(yield* memoryOutboxStore, { newId: counterIds() })
      const stored = yield* outbox.add(mail("ada@example.com", "one"))
      assert.isFalse((yield* outbox.get("ada", stored.id)).seen)
      assert.isTrue((yield* outbox.list("ada"))[0]?.seen)
      const missing = yield* Effect.flip(outbox.get("ada", "nope"))
      assert.strictEqual(missing._tag, "MailNotFound")
      const wrongAddress = yield* Effect.exit(outbox.get("ada@elsewhere.test", stored.id))
      assert.isTrue(Exit.isFailure(wrongAddress))
    })
  )
})

describe("Outbox service", () => {
  it.effect("layerMemory and layer(store) provide working outboxes", () =>
    Effect.gen(function* () {
      const fromMemory = yield* Effect.provide(
        Outbox.use((o) => Effect.andThen(o.add(mail("ada@example.com", "x")), o.list("ada"))),
        Outbox.layerMemory
      )
      assert.lengthOf(fromMemory, 1)
      const store = yield* memoryOutboxStore
      yield* Effect.provide(
        Outbox.use((o) => o.add(mail("bob@example.com", "y"))),
        Outbox.layer(store)
      )
      assert.lengthOf(yield* store.list("bob"), 1)
    })
  )
})

describe("Inbucket view and routes", () => {
  const setup = async () => {
    const store = Effect.runSync(memoryOutboxStore)
    const outbox = makeOutbox(store, { newId: counterIds() })
    await Effect.runPromise(outbox.add(mail("ada@example.com", "Verify <your> email")))
    await Effect.runPromise(outbox.add(mail("ada@example.com", "Second")))
    const app = HttpRouter.toWebHandler(mailboxRoutes().pipe(Layer.provide(Layer.succeed(Outbox, outbox))), {
      disableLogger: true
    })
    const get = (path: string) => app.handler(new Request(`http://localBackend.test${path}`, { redirect: "manual" }))
    return { get, dispose: app.dispose }
  }

  it("lists a mailbox in Inbucket's shape", async () => {
    const { get, dispose } = await setup()
    try {
      const res = await get("/mailbox/api/v1/mailbox/ada")
      assert.strictEqual(res.status, 200)
      const items = Schema.decodeUnknownSync(Schema.Array(InbucketListItem))(await res.json())
      // Addresses as Inbucket writes them: the name unquoted, the address in angle brackets.
      assert.deepStrictEqual(
        items.map((i) => [i.id, i.subject, i.from, i.to, i.seen]),
        [
          ["m1", "Verify <your> email", "Demo <noreply@demo.test>", ["<ada@example.com>"], false],
          ["m2", "Second", "Demo <noreply@demo.test>", ["<ada@example.com>"], false]
        ]
      )
      assert.isAbove(items[0]?.size ?? 0, 0)
      const byAddress = await get(`/mailbox/api/v1/mailbox/${encodeURIComponent("ada@example.com")}`)
      assert.lengthOf((await byAddress.json()) as Array<unknown>, 2)
    } finally {
      await dispose()
    }
  })

  it("returns one message with body and headers, then shows it seen; unknown ids are 404", async () => {
    const { get, dispose } = await setup()
    try {
      const res = await get("/mailbox/api/v1/mailbox/ada/m1")
      const message = Schema.decodeUnknownSync(InbucketMessage)(await res.json())
      assert.deepStrictEqual(message.body, {
        text: "text of Verify <your> email",
        html: "<p>html of Verify <your> email</p>"
      })
      assert.deepStrictEqual(message.header["Subject"], ["Verify <your> email"])
      const list = (await (await get("/mailbox/api/v1/mailbox/ada")).json()) as Array<{ id: string; seen: boolean }>
      assert.isTrue(list.find((m) => m.id === "m1")?.seen)
      assert.strictEqual((await get("/mailbox/api/v1/mailbox/ada/zzz")).status, 404)
    } finally {
      await dispose()
    }
  })

  it("serves the pages for people, escaped", async () => {
    const { get, dispose } = await setup()
    try {
      const index = await (await get("/mailbox")).text()
      assert.include(index, "Verify &lt;your&gt; email")
      assert.notInclude(index, "Verify <your>")
      const page = await (await get("/mailbox/inbox/ada/m1")).text()
      assert.include(page, 'srcdoc="&lt;p&gt;html of Verify &lt;your&gt; email&lt;/p&gt;"')
      assert.include(page, "sandbox=")
      const redirect = await get("/mailbox/inbox?name=ada%40example.com")
      assert.strictEqual(redirect.status, 302)
      assert.strictEqual(redirect.headers.get("location"), "/mailbox/inbox/ada%40example.com")
      assert.strictEqual((await get("/mailbox/inbox/ada/zzz")).status, 404)
    } finally {
      await dispose()
    }
  })
})

describe("inbox page renderer", () => {
  const stored = {
    id: 'x"1',
    mailbox: "ada",
    to: "ada@example.com",
    from: "<evil>@x",
    subject: "<script>alert(1)</script>",
    text: "</pre><script>",
    html: "<script>alert(2)</script>",
    createdAt: new Date(0),
    seen: false
  }

  it("escapes every message field", () => {
    for (const html of [
      renderInboxList({ base: "/mailbox" }, [stored]),
      renderInboxMessage({ base: "/mailbox" }, stored)
    ]) {
      assert.notInclude(html, "<script>")
      assert.notInclude(html, 'x"1')
    }
  })

  it("the Inbucket message carries every stored field", () => {
    const m = toInbucketMessage(stored)
    assert.strictEqual(m["posix-millis"], 0)
    assert.strictEqual(m.body.html, stored.html)
    assert.deepStrictEqual(m.to, ["<ada@example.com>"])
    // The header keeps the lines as sent.
    assert.deepStrictEqual(m.header["To"], ["ada@example.com"])
  })

  it("writes addresses as Inbucket does", () => {
    assert.strictEqual(
      inbucketAddress('"Stack Dashboard" <noreply@example.com>'),
      "Stack Dashboard <noreply@example.com>"
    )
    assert.strictEqual(inbucketAddress('"Demo \\"App\\"" <a@b.c>'), 'Demo "App" <a@b.c>')
    assert.strictEqual(inbucketAddress("Plain Name <a@b.c>"), "Plain Name <a@b.c>")
    assert.strictEqual(inbucketAddress("a@b.c"), "<a@b.c>")
    assert.strictEqual(inbucketAddress(" <a@b.c> "), "<a@b.c>")
  })
})
