/**
 * Issue 28: the outbox as the service's `GET /emails/outbox` shows it. Each message keeps who it went to (the
 * user, when it went to one), the template and theme it was rendered from and with, its notification category,
 * and the SMTP server's refusal when relaying it failed (the message is then a `server-error`). Rows written
 * before have none of it and read as sent programmatic messages to their address.
 */
export const name = "0014-outbox-state"

export const sql = `
alter table outbox add column user_id text;
alter table outbox add column template_id text;
alter table outbox add column tsx_source text;
alter table outbox add column theme_id text;
alter table outbox add column notification_category_id text;
alter table outbox add column is_transactional boolean not null default true;
alter table outbox add column smtp_error text;
create index outbox_project_created on outbox(project_id, created_at desc, id);
`
