// The audit log names what each change was done to as people know it (a user's e-mail, a VM's
// name, a volume's name), written with the row, beside the id kept in `target` ("user:9").
// Rows written before this keep their id and get the name where it can still be found: a user or
// a role that still exists, the e-mail the row's detail recorded, or the name the task recorded.
export const sql = /* sql */ `
alter table audit_log add column target_label text;

update audit_log a set target_label = u.email
  from users u where a.target = 'user:' || u.id::text;
update audit_log a set target_label = a.detail->>'email'
  where a.target_label is null and a.target like 'user:%' and a.detail ? 'email';
update audit_log a set target_label = r.name
  from roles r where a.target_label is null and a.target = 'role:' || r.id::text;
update audit_log a set target_label = t.target_name
  from (select distinct on (kind, target_id) kind, target_id, target_name
          from tasks where target_name is not null
         order by kind, target_id, id desc) t
 where a.target_label is null and a.target = t.kind || ':' || t.target_id::text;
`;
