/**
 * HTML helpers shared by the local backend's small server-rendered pages (inbox, development OAuth provider)
 * and by the mail templates. Every value that came from a request or a user must pass through
 * `escapeHtml` before it lands in markup.
 */

const replacements: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;"
}

/** Escape text for use in HTML element content and in quoted attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"'`]/g, (c) => replacements[c] ?? c)

const entities: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#96;": "`",
  "&nbsp;": " "
}

/**
 * A plain-text rendering of simple HTML, used for the text part of a message whose template only has
 * markup. A link keeps its target after its label, separated by a space (as React Email's plain-text render
 * does, without brackets), so a program or a person copying the URL from the text part gets it whole.
 */
export const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, "").trim()
      return text === "" || text === href ? href : `${text} ${href}`
    })
    .replace(/<(br|hr)\b[^>]*>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|nbsp|#39|#96);/g, (e) => entities[e] ?? e)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()

/** A minimal complete HTML document; `body` must already be escaped markup. */
export const htmlPage = (title: string, body: string): string =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd}
a{color:#2251d1}pre{white-space:pre-wrap;background:#f5f5f7;padding:1rem;border-radius:6px}
iframe{width:100%;min-height:360px;border:1px solid #ddd;border-radius:6px}
label{display:block;margin:.5rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem}.muted{color:#6e6e73}
</style>
</head>
<body>
${body}
</body>
</html>
`
