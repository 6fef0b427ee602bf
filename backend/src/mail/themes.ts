/**
 * The email themes a project may select: the hosted service's three built-in themes, by the ids its
 * projects store (`config.email_theme`). The local backend does not run the themes' TSX sources; it wraps a
 * message in a frame with the same colours, so a project that selects the dark theme gets dark mail here too.
 */
import { DEFAULT_EMAIL_THEME_ID } from "@stackfx/lib/domain/project.js"
import { escapeHtml } from "./html.js"

/** The colours one theme frames a message with. */
export interface EmailTheme {
  readonly displayName: string
  /** The page around the message. */
  readonly page: string
  /** The message's card. */
  readonly card: string
  /** The card's text. */
  readonly text: string
  /** Links in the footer, and the card's top rule where the theme has one. */
  readonly accent: string
  readonly topRule: boolean
}

const light: EmailTheme = {
  displayName: "Default Light",
  page: "#fafbfb",
  card: "#ffffff",
  text: "#1d1d1f",
  accent: "#2563eb",
  topRule: false
}

/** The built-in themes by id. */
export const EMAIL_THEMES: ReadonlyMap<string, EmailTheme> = new Map([
  [DEFAULT_EMAIL_THEME_ID, light],
  [
    "a0172b5d-cff0-463b-83bb-85124697373a",
    {
      displayName: "Default Dark",
      page: "#323232",
      card: "#000000",
      text: "#ffffff",
      accent: "#2563eb",
      topRule: false
    }
  ],
  [
    "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
    {
      displayName: "Default Colorful",
      page: "#f0eef6",
      card: "#ffffff",
      text: "#1d1d1f",
      accent: "#7c5ce0",
      topRule: true
    }
  ]
])

/** Whether a project may select `id`. */
export const isEmailTheme = (id: string): boolean => EMAIL_THEMES.has(id)

/** The theme `id` names; an unknown or absent id (a template sent with `theme_id: false`) is the light one. */
export const emailTheme = (id: string | undefined): EmailTheme =>
  id === undefined ? light : (EMAIL_THEMES.get(id) ?? light)

/**
 * A message's whole document in `theme`: `content` is already-built markup. It adds no text, except the
 * unsubscribe line the service's themes put under a message that has a link.
 */
export const themedFrame = (theme: EmailTheme, content: string, unsubscribeLink: string | undefined): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"/></head>` +
  `<body style="margin:0;padding:32px 16px;background:${theme.page};color:${theme.text};font-family:system-ui,sans-serif">` +
  `<div style="max-width:600px;margin:0 auto;padding:45px;background:${theme.card};color:${theme.text};border-radius:8px` +
  `${theme.topRule ? `;border-top:4px solid ${theme.accent}` : ""}">${content}</div>` +
  (unsubscribeLink === undefined
    ? ""
    : `<p style="max-width:600px;margin:16px auto 0;font-size:12px;opacity:0.6;text-align:center">` +
      `<a href="${escapeHtml(unsubscribeLink)}" style="color:${theme.accent}">Click here</a> to unsubscribe from these emails</p>`) +
  `</body></html>`
