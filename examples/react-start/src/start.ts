/** Every request (pages, loaders, server functions) gets its user from stackfx's request middleware. */
import { createStart } from "@tanstack/react-start"
import { stackRequestMiddleware } from "./stack-middleware"

export const startInstance = createStart(() => ({ requestMiddleware: [stackRequestMiddleware] }))
