/**
 * A minimal SMTP server for tests (node:net): EHLO, AUTH PLAIN / LOGIN against one username and password,
 * MAIL, RCPT, DATA, RSET, NOOP, QUIT. It records each accepted message. Not a general server: no TLS, no
 * pipelining guarantees beyond what nodemailer does.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { createServer, type Socket } from "node:net"

export interface ReceivedMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly data: string
  readonly user: string | null
}

export interface SmtpSink {
  readonly port: number
  readonly received: () => ReadonlyArray<ReceivedMail>
}

const b64 = (s: string) => Buffer.from(s, "base64").toString("utf8")

const session = (socket: Socket, credentials: { user: string; pass: string }, onMail: (m: ReceivedMail) => void) => {
  let buffer = ""
  let mode: "command" | "data" | "auth-plain" | "auth-login-user" | "auth-login-pass" = "command"
  let from = ""
  let to: Array<string> = []
  let data: Array<string> = []
  let user: string | null = null
  let loginUser = ""
  const reply = (line: string) => socket.write(`${line}\r\n`)
  const checkAuth = (u: string, p: string) => {
    if (u === credentials.user && p === credentials.pass) {
      user = u
      reply("235 2.7.0 Authentication successful")
    } else {
      reply("535 5.7.8 Authentication credentials invalid")
    }
    mode = "command"
  }
  const plain = (encoded: string) => {
    const [, u = "", p = ""] = b64(encoded).split("\u0000")
    checkAuth(u, p)
  }
  const handle = (line: string) => {
    if (mode === "data") {
      if (line === ".") {
        onMail({ from, to, data: data.join("\r\n"), user })
        data = []
        mode = "command"
        reply("250 2.0.0 queued")
      } else {
        data.push(line.startsWith("..") ? line.slice(1) : line)
      }
      return
    }
    if (mode === "auth-plain") return plain(line)
    if (mode === "auth-login-user") {
      loginUser = b64(line)
      mode = "auth-login-pass"
      return reply("334 UGFzc3dvcmQ6")
    }
    if (mode === "auth-login-pass") return checkAuth(loginUser, b64(line))
    const [verb = "", ...rest] = line.split(" ")
    const arg = rest.join(" ")
    switch (verb.toUpperCase()) {
      case "EHLO":
        socket.write("250-sink.local\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n")
        return
      case "HELO":
        return reply("250 sink.local")
      case "AUTH": {
        const [method = "", initial] = arg.split(" ")
        if (method.toUpperCase() === "PLAIN") {
          if (initial !== undefined) return plain(initial)
          mode = "auth-plain"
          return reply("334 ")
        }
        if (method.toUpperCase() === "LOGIN") {
          if (initial !== undefined) {
            loginUser = b64(initial)
            mode = "auth-login-pass"
            return reply("334 UGFzc3dvcmQ6")
          }
          mode = "auth-login-user"
          return reply("334 VXNlcm5hbWU6")
        }
        return reply("504 5.5.4 Unrecognized authentication type")
      }
      case "MAIL":
        if (credentials.user !== "" && user === null) return reply("530 5.7.0 Authentication required")
        from = /<([^>]*)>/.exec(arg)?.[1] ?? ""
        to = []
        return reply("250 2.1.0 OK")
      case "RCPT":
        to.push(/<([^>]*)>/.exec(arg)?.[1] ?? "")
        return reply("250 2.1.5 OK")
      case "DATA":
        mode = "data"
        return reply("354 End data with <CR><LF>.<CR><LF>")
      case "RSET":
        from = ""
        to = []
        return reply("250 2.0.0 OK")
      case "NOOP":
        return reply("250 2.0.0 OK")
      case "QUIT":
        reply("221 2.0.0 Bye")
        socket.end()
        return
      default:
        return reply("502 5.5.2 Command not recognized")
    }
  }
  reply("220 sink.local ESMTP test sink")
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8")
    let at = buffer.indexOf("\r\n")
    while (at !== -1) {
      const line = buffer.slice(0, at)
      buffer = buffer.slice(at + 2)
      handle(line)
      at = buffer.indexOf("\r\n")
    }
  })
  socket.on("error", () => socket.destroy())
}

/** Start a sink on 127.0.0.1 at a free port; closed with the scope. */
export const smtpSink = (credentials: { user: string; pass: string }): Effect.Effect<SmtpSink, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<{ sink: SmtpSink; close: () => Promise<void> }>((resume) => {
      const mails: Array<ReceivedMail> = []
      const sockets = new Set<Socket>()
      const server = createServer((socket) => {
        sockets.add(socket)
        socket.on("close", () => sockets.delete(socket))
        session(socket, credentials, (m) => mails.push(m))
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(
          Effect.succeed({
            sink: { port, received: () => [...mails] },
            close: () =>
              new Promise<void>((done) => {
                for (const s of sockets) s.destroy()
                server.close(() => done())
              })
          })
        )
      })
    }),
    (s) => Effect.promise(() => s.close())
  ).pipe(Effect.map((s) => s.sink))
