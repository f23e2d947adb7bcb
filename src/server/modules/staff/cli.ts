import type { Db } from '../../db/database.js';
import { staffRoles, type StaffRole } from '../../../shared/cases-messages.js';
import { findUserByEmail, findUsersByIds } from '../auth/repository.js';
import { deleteRole, insertAudit, listRoles, upsertRole } from './repository.js';

export const staffUsage = `Usage:
  npm run staff -- add <email> --role staff|admin   give a registered person a role
  npm run staff -- remove <email>                   take their role away
  npm run staff -- list                             list everyone with a role`;

/**
 * `npm run staff`: how the first admin is made (decision 0130). Answers the lines to print and
 * the exit code; every change is written to the audit log as made from the command line.
 */
export async function runStaffCommand(
  db: Db,
  args: string[],
): Promise<{ code: number; lines: string[] }> {
  const [command, email, ...rest] = args;
  const fail = (line: string) => ({ code: 1, lines: [line] });
  if (command === 'list') {
    const roles = await listRoles(db);
    const users = new Map(
      (
        await findUsersByIds(
          db,
          roles.map((r) => r.user_id),
        )
      ).map((u) => [u.id, u]),
    );
    const lines = roles.map((r) => `${r.role}\t${users.get(r.user_id)?.email ?? r.user_id}`);
    return { code: 0, lines: lines.length ? lines : ['No one has a staff or admin role.'] };
  }
  if ((command !== 'add' && command !== 'remove') || !email) return fail(staffUsage);
  const user = await findUserByEmail(db, email.trim());
  if (!user) return fail(`No account uses ${email}. The person must sign up first.`);
  const audit = (action: string, detail: Record<string, unknown>) =>
    insertAudit(db, {
      actorId: null,
      actorEmail: 'command line',
      action,
      targetKind: 'user',
      targetId: user.id,
      detail: { email: user.email, ...detail },
    });
  if (command === 'remove') {
    if (!(await deleteRole(db, user.id))) return fail(`${user.email} has no staff role.`);
    await audit('role.removed', {});
    return { code: 0, lines: [`${user.email} is no longer staff.`] };
  }
  const roleIndex = rest.indexOf('--role');
  const role = roleIndex >= 0 ? rest[roleIndex + 1] : undefined;
  if (!staffRoles.includes(role as StaffRole)) return fail(staffUsage);
  await upsertRole(db, {
    userId: user.id,
    role: role as StaffRole,
    grantedBy: null,
    now: new Date().toISOString(),
  });
  await audit('role.granted', { role });
  return { code: 0, lines: [`${user.email} is now ${role}.`] };
}
