/**
 * Email templates as the hosted service keeps them today: keyed by UUID, each a TSX source with a display
 * name and a theme, seven of them defaults every project starts with. A row is a project's change over the
 * defaults of `mail/default-templates.ts` (a default it edited, a template it created, or, with `deleted`,
 * a default it removed), so creating a project writes nothing here.
 *
 * The rows of the legacy table (`type`, `subject`, `content`: the service's removed `/email-templates` API)
 * have no counterpart in the TSX model, so they are dropped rather than converted.
 */
export const name = "0005-email-templates"

export const sql = `
drop table email_templates;
create table email_templates (
  project_id text not null references projects(id) on delete cascade,
  id text not null,
  seq bigserial not null,
  display_name text not null,
  tsx_source text not null,
  -- the JSON of theme_id (a theme id, false or null); SQL null when the template names no theme
  theme_id text,
  deleted boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (project_id, id)
);
`
