/**
 * stackfx's middlewares, written here (over the server halves `stack-server.ts` makes) so that Start's
 * compiler takes their server code, and the server module with the secret key, out of the browser's bundle.
 */
import { createMiddleware } from "@tanstack/react-start"
import { stack } from "./stack-server"

/** Every request's user, for `createStart`'s `requestMiddleware`: `context.stack` in loaders and server functions. */
export const stackRequestMiddleware = createMiddleware({ type: "request" }).server(stack.requestServer)

/** The same for one server function: `createServerFn().middleware([stackFunctionMiddleware])`. */
export const stackFunctionMiddleware = createMiddleware({ type: "function" }).server(stack.functionServer)
