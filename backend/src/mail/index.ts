/** Mail for the local backend: templates, the outbox, its Inbucket-compatible API and pages, and SMTP. */
export * from "./html.js"
export * from "./inbox-page.js"
export * from "./inbucket.js"
export * from "./mailbox-routes.js"
export * from "./message.js"
export * from "./outbox.js"
export * from "./smtp.js"
export * from "./templates.js"
