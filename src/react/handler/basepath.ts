/**
 * Handler pages under a router mounted at a subpath (TanStack Router's `basepath`; the URL rules are in
 * ../basepath.ts). Inside the handler every URL is the browser's: the app's URLs get the basepath, the page
 * URL is the one the address bar shows, and `after_auth_return_to` (followed by a link, a reload or another
 * site) carries it too. Only what goes to the app's `navigate` loses it again.
 */
import { browserUrls, toRouterPath } from "../basepath.js"
import type { StackApp } from "../provider.js"

/**
 * The app as handler pages see it: its URLs are browser URLs and its `navigate` takes browser URLs. The same
 * app without a basepath.
 */
export const appUnderBasepath = <R>(app: StackApp<R>, basepath: string, origin: string): StackApp<R> =>
  basepath === ""
    ? app
    : {
        ...app,
        urls: browserUrls(app.urls, basepath),
        navigate: (url) => app.navigate(toRouterPath(url, basepath, origin))
      }
