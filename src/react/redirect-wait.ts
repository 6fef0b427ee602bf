/** How long the provider and the handler give a navigation. */

/** How long a redirect waits for the navigation to take over before it resolves. @internal */
export const REDIRECT_WAIT_MS = 2_000

/** The provider's redirect wait: resolves `REDIRECT_WAIT_MS` after it is called. @internal */
export const redirectWait = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, REDIRECT_WAIT_MS))
