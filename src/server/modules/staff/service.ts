import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../shared/auth.js';
import type { AuditEntry, StaffMember, StaffRole } from '../../../shared/cases.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { AuthService } from '../auth/service.js';
import type { SessionService } from '../auth/sessions.js';
import {
  deleteRole,
  findRole,
  insertAudit,
  listAudit,
  listRoles,
  upsertRole,
  type NewAuditEntry,
} from './repository.js';

/** A signed-in member of staff, as the database says on this request. */
export interface StaffActor {
  user: User;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a staff guard once the role was read from the database. */
    staff: StaffActor | null;
  }
}

/** Gives every request an empty `staff`; buildApp calls it once. */
export function registerRequestStaff(app: FastifyInstance) {
  app.decorateRequest('staff', null);
}

/** Every staff route's answer to anyone without the role: the answer of a route that does not exist. */
export function hiddenRoute(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0] ?? '/';
  return new AppError(404, 'route.not_found', `There is no API route ${request.method} ${path}.`);
}

/** Per signed-in member of staff, on top of the API-wide limit per address. */
export const staffRateLimit = { name: 'staff:user', max: 240, windowMs: 60_000 };

const bearer = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Roles and the audit log (docs/decisions/0130-roles.md). A role is read from `staff_roles` on
 * every staff request: never from the access token, a cookie or a body, so removing a role takes
 * effect on the next request.
 */
export function createStaffService(
  { db, rateLimiter }: ModuleDeps,
  { auth, sessions }: { auth: AuthService; sessions: SessionService },
) {
  async function members(): Promise<StaffMember[]> {
    const roles = await listRoles(db);
    const users = new Map(
      (await auth.findUsersByIds(roles.map((r) => r.user_id))).map((u) => [u.id, u]),
    );
    return roles.flatMap((r) => {
      const user = users.get(r.user_id);
      return user ? [{ id: user.id, email: user.email, role: r.role }] : [];
    });
  }

  /**
   * The onRequest hook of a staff scope: a valid Bearer token of a person whose role (read now)
   * is at least `least`, or 404 as if the route did not exist, whatever was wrong.
   */
  function guard(least: StaffRole) {
    return async function requireRole(request: FastifyRequest, _reply: FastifyReply) {
      const match = bearer.exec(request.headers.authorization?.trim() ?? '');
      if (!match) throw hiddenRoute(request);
      const authenticated = await sessions.authenticate(match[1]!);
      if (!authenticated) throw hiddenRoute(request);
      const role = await findRole(db, authenticated.user.id);
      if (!role || (least === 'admin' && role !== 'admin')) throw hiddenRoute(request);
      await rateLimiter.hit(staffRateLimit, authenticated.user.id);
      request.auth = authenticated;
      request.staff = { user: authenticated.user, role };
    };
  }

  return {
    guard,
    roleOf: async (userId: string): Promise<StaffRole | 'user'> =>
      (await findRole(db, userId)) ?? 'user',
    members,
    async isStaff(userId: string): Promise<boolean> {
      return (await findRole(db, userId)) !== undefined;
    },
    /** Grants a role; `by` is null from the command line. */
    async grant(userId: string, role: StaffRole, by: StaffActor | null, trx: Db = db) {
      await upsertRole(trx, {
        userId,
        role,
        grantedBy: by?.user.id ?? null,
        now: new Date().toISOString(),
      });
    },
    remove: (userId: string, trx: Db = db) => deleteRole(trx, userId),
    /** Writes one audit entry, in the caller's transaction when it passes one. */
    audit(trx: Db, actor: StaffActor | null, entry: Omit<NewAuditEntry, 'actorId' | 'actorEmail'>) {
      return insertAudit(trx, {
        actorId: actor?.user.id ?? null,
        actorEmail: actor?.user.email ?? 'command line',
        ...entry,
      });
    },
    async auditLog(query: { before?: string | undefined; targetId?: string | undefined }) {
      const limit = 100;
      const rows = await listAudit(db, { ...query, limit });
      const entries: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        actorEmail: row.actor_email,
        action: row.action,
        targetKind: row.target_kind,
        targetId: row.target_id,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
        createdAt: row.created_at,
      }));
      return {
        entries,
        nextBefore: rows.length === limit ? rows[rows.length - 1]!.created_at : null,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/** The member of staff a guarded request was made by. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw hiddenRoute(request);
  return request.staff;
}
