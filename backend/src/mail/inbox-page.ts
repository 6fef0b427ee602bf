/**
 * The inbox pages for people: a list of messages and one message. Every value from a message is escaped; the
 * HTML part is shown in a sandboxed iframe (no scripts, no same-origin access), so a hostile template cannot
 * reach the local backend's origin.
 */
import type { StoredMail } from "./message.js"
import { escapeHtml, htmlPage } from "./html.js"

/** Where the pages link to; `base` is the mount prefix such as `/mailbox`. */
export interface InboxLinks {
  readonly base: string
}

const mailboxHref = (links: InboxLinks, name: string) => `${links.base}/inbox/${encodeURIComponent(name)}`
const messageHref = (links: InboxLinks, mail: StoredMail) =>
  `${mailboxHref(links, mail.mailbox)}/${encodeURIComponent(mail.id)}`

const row = (links: InboxLinks, mail: StoredMail) =>
  `<tr${mail.seen ? "" : ' style="font-weight:600"'}>` +
  `<td>${escapeHtml(mail.createdAt.toISOString().replace("T", " ").slice(0, 19))}</td>` +
  `<td><a href="${escapeHtml(mailboxHref(links, mail.mailbox))}">${escapeHtml(mail.to)}</a></td>` +
  `<td><a href="${escapeHtml(messageHref(links, mail))}">${escapeHtml(mail.subject)}</a></td></tr>`

/**
 * A list of messages, newest first. `mailbox` is the name being shown, or undefined for the page of recent
 * messages across all mailboxes.
 */
export const renderInboxList = (links: InboxLinks, mails: ReadonlyArray<StoredMail>, mailbox?: string): string => {
  const title = mailbox === undefined ? "Local inbox" : `Mailbox ${mailbox}`
  const ordered = [...mails].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const table =
    ordered.length === 0
      ? `<p class="muted">No messages yet.</p>`
      : `<table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>
${ordered.map((m) => row(links, m)).join("\n")}
</tbody></table>`
  const form =
    `<form method="get" action="${escapeHtml(`${links.base}/inbox`)}">` +
    `<label for="name">Open a mailbox (address or local part)</label>` +
    `<input id="name" name="name" value="${escapeHtml(mailbox ?? "")}"></form>`
  const back = mailbox === undefined ? "" : `<p><a href="${escapeHtml(links.base)}">All recent messages</a></p>`
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n${back}\n${form}\n${table}`)
}

/** One message: headers, the HTML part in a sandboxed frame, and the text part. */
export const renderInboxMessage = (links: InboxLinks, mail: StoredMail): string => {
  const headers = `<table>
<tr><th>From</th><td>${escapeHtml(mail.from)}</td></tr>
<tr><th>To</th><td>${escapeHtml(mail.to)}</td></tr>
<tr><th>Date</th><td>${escapeHtml(mail.createdAt.toISOString())}</td></tr>
<tr><th>Subject</th><td>${escapeHtml(mail.subject)}</td></tr>
</table>`
  const frame =
    `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" ` +
    `title="HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe>`
  const body = `<p><a href="${escapeHtml(mailboxHref(links, mail.mailbox))}">Back to ${escapeHtml(mail.mailbox)}</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
${headers}
<h2>HTML</h2>
${frame}
<h2>Text</h2>
<pre>${escapeHtml(mail.text)}</pre>`
  return htmlPage(mail.subject, body)
}
