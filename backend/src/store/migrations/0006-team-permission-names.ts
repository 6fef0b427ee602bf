/**
 * The default team permissions take the hosted service's ids: `admin` becomes `team_admin` and `member`
 * becomes `team_member` (the hosted service creates every project with those two, and its config defaults
 * name them). Databases made before this stored the old ids in four places: the definitions, the grants,
 * the definitions that contain them, and the project config's creator and member defaults.
 *
 * A project is renamed only where the old definition exists and the new id is still free: a project whose
 * admins already defined a `team_admin` of their own keeps both as they are. The description is replaced
 * only while it is the one this backend wrote.
 */
export const name = "0006-team-permission-names"

/**
 * Renames the ids in one of the config's default-permission lists. One statement per key: an UPDATE that
 * joins a row twice applies only one of the two changes.
 */
const renameConfigDefaults = (key: string): string => `
update projects p
  set config = jsonb_set(p.config, '{${key}}', (
    select coalesce(jsonb_agg(coalesce(
      (select jsonb_set(e.value, '{id}', to_jsonb(r.new_id))
        from stackfx_permission_renames r where r.project_id = p.id and r.old_id = e.value->>'id'),
      e.value
    ) order by e.n), '[]'::jsonb)
    from jsonb_array_elements(p.config->'${key}') with ordinality as e(value, n)
  ))
  where p.id in (select project_id from stackfx_permission_renames)
    and jsonb_typeof(p.config->'${key}') = 'array';`

export const sql = `
create temporary table stackfx_permission_renames on commit drop as
  select d.project_id, r.old_id, r.new_id
  from permission_definitions d
  join (values ('admin', 'team_admin'), ('member', 'team_member')) as r(old_id, new_id) on d.id = r.old_id
  where d.scope = 'team' and not d.is_builtin
    and not exists (
      select 1 from permission_definitions o where o.project_id = d.project_id and o.scope = 'team' and o.id = r.new_id
    );

update permission_definitions d
  set id = r.new_id,
      description = case
        when d.description = 'Default permission for team creators' then 'Default permission for team admins'
        else d.description
      end
  from stackfx_permission_renames r
  where d.project_id = r.project_id and d.scope = 'team' and d.id = r.old_id;

update team_member_permissions g
  set permission_id = r.new_id
  from stackfx_permission_renames r
  where g.project_id = r.project_id and g.permission_id = r.old_id;

update permission_definitions d
  set contained_permission_ids = (
    select coalesce(jsonb_agg(coalesce(
      (select to_jsonb(r.new_id) from stackfx_permission_renames r where r.project_id = d.project_id and to_jsonb(r.old_id) = e.value),
      e.value
    ) order by e.n), '[]'::jsonb)
    from jsonb_array_elements(d.contained_permission_ids) with ordinality as e(value, n)
  )
  where d.project_id in (select project_id from stackfx_permission_renames);

${renameConfigDefaults("team_creator_default_permissions")}

${renameConfigDefaults("team_member_default_permissions")}
`
