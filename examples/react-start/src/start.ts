/**
 * Every request (pages, loaders, server functions) gets its user from stackfx's request middleware. Server
 * functions are same-origin calls: TanStack Start's CSRF middleware refuses one a cross-site page sends (as
 * Start's documentation adds it, ahead of the others).
 */
import { createCsrfMiddleware, createStart } from "@tanstack/react-start"
import { stackRequestMiddleware } from "./stack-middleware"

const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === "serverFn" })

export const startInstance = createStart(() => ({ requestMiddleware: [csrfMiddleware, stackRequestMiddleware] }))
