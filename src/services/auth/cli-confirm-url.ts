/**
 * The URL a command-line sign-in sends the person to. Its own module, apart from the `CliLogin` tag: the
 * tag is part of every client tier's first load, and this is needed only by the lazily loaded
 * implementation and by programs that build the URL themselves.
 */
import * as Effect from "effect/Effect"
import { DEFAULT_HANDLER_PATH } from "../../domain/handler-routes.js"
import { InvalidInput } from "../../errors/client/invalid-input.js"

/**
 * The URL of the confirm page for a login code: the app's `cli-auth-confirm` handler page with
 * `?login_code=`, as the official SDK builds it. An `appUrl` that is not an absolute URL is `InvalidInput`.
 *
 * @example
 * yield* cliAuthConfirmUrl(loginCode, { appUrl: "https://app.example" })
 * // "https://app.example/handler/cli-auth-confirm?login_code=..."
 */
export const cliAuthConfirmUrl = (
  loginCode: string,
  options: { readonly appUrl: string; readonly handlerPath?: string | undefined }
): Effect.Effect<string, InvalidInput> =>
  Effect.suspend(() => {
    const handler = (options.handlerPath ?? DEFAULT_HANDLER_PATH).replace(/\/+$/, "")
    if (!URL.canParse(`${handler}/cli-auth-confirm`, options.appUrl)) {
      return Effect.fail(
        new InvalidInput({ message: `appUrl must be an absolute URL, got ${JSON.stringify(options.appUrl)}` })
      )
    }
    const url = new URL(`${handler}/cli-auth-confirm`, options.appUrl)
    url.searchParams.set("login_code", loginCode)
    return Effect.succeed(url.toString())
  })
