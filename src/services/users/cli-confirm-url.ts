/**
 * The URL a command-line sign-in sends the person to. Its own module, apart from the `CliLogin` tag: the
 * tag is part of every client tier's first load, and this is needed only by the lazily loaded
 * implementation and by programs that build the URL themselves.
 */
import { DEFAULT_HANDLER_PATH } from "../../domain/constants.js"

/**
 * The URL of the confirm page for a login code: the app's `cli-auth-confirm` handler page with
 * `?login_code=`, as the official SDK builds it.
 */
export const cliAuthConfirmUrl = (
  loginCode: string,
  options: { readonly appUrl: string; readonly handlerPath?: string | undefined }
): string => {
  const handler = (options.handlerPath ?? DEFAULT_HANDLER_PATH).replace(/\/+$/, "")
  const url = new URL(`${handler}/cli-auth-confirm`, options.appUrl)
  url.searchParams.set("login_code", loginCode)
  return url.toString()
}

