import type { z } from 'zod';
import { authMessages, type updateProfileRequestSchema, type User } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { AuthLimits } from '../auth/limits.js';
import { assertPasswordNotCommon } from '../auth/passwords.js';
import type { AuthService } from '../auth/service.js';
import type { Authenticated, SessionService } from '../auth/sessions.js';
import type { AccountExportRegistry, SignInMethod } from './export-registry.js';

export type ProfileUpdate = z.infer<typeof updateProfileRequestSchema>;

/**
 * The signed-in person's own account: profile, password, sessions, export and deletion. The
 * users and sessions belong to the auth module; this one holds the rules and asks auth's services.
 */
export function createAccountService(
  { config, rateLimiter }: ModuleDeps,
  {
    auth,
    sessions,
    limits,
    accountExport,
  }: {
    auth: AuthService;
    sessions: SessionService;
    limits: AuthLimits;
    accountExport: AccountExportRegistry;
  },
) {
  return {
    async updateProfile({ user }: Authenticated, update: ProfileUpdate): Promise<User> {
      const blankToNull = (value: string | null | undefined) =>
        value === undefined ? undefined : value === null || value === '' ? null : value;
      const jurisdiction = update.jurisdiction;
      if (jurisdiction && jurisdiction.region !== null && jurisdiction.country === null) {
        const message = 'Choose a country before a state or province.';
        throw new AppError(400, 'request.invalid', message, { 'jurisdiction.region': message });
      }
      return auth.updateProfile(user.id, {
        givenName: blankToNull(update.givenName),
        familyName: blankToNull(update.familyName),
        picture: blankToNull(update.picture),
        jurisdictionCountry: jurisdiction?.country,
        jurisdictionRegion: jurisdiction?.region,
      });
    },

    /** Changes (or, for an account made through Google or Facebook, sets) the password. */
    async changePassword(
      { user, sessionId }: Authenticated,
      input: { currentPassword?: string | undefined; newPassword: string },
    ) {
      await rateLimiter.hit(limits.passwordChange, user.id);
      if (user.hasPassword) {
        const ok =
          input.currentPassword !== undefined &&
          (await auth.checkPassword(user.id, input.currentPassword));
        if (!ok) {
          throw new AppError(400, 'auth.password_incorrect', authMessages.passwordIncorrect, {
            currentPassword: authMessages.passwordIncorrect,
          });
        }
      }
      assertPasswordNotCommon(input.newPassword, 'newPassword');
      await auth.setPassword(user.id, input.newPassword);
      await rateLimiter.reset(limits.passwordChange, user.id);
      // Whoever may know the old password is signed out; this browser stays signed in.
      await sessions.endAll(user.id, sessionId);
      return { message: authMessages.passwordChanged };
    },

    /** Sign out of all devices, this one included. */
    async signOutEverywhere({ user }: Authenticated) {
      await sessions.endAll(user.id);
    },

    async exportData({ user, sessionId }: Authenticated) {
      const signInMethods: SignInMethod[] = user.hasPassword ? [{ type: 'password' }] : [];
      for (const collect of accountExport.signInMethodSources()) {
        signInMethods.push(...(await collect(user.id)));
      }
      const data: Record<string, unknown> = {
        format: 'lexwise-account-export/1',
        exportedAt: new Date().toISOString(),
        product: config.site.productName,
        profile: user,
        signInMethods,
        sessions: await sessions.list(user.id, sessionId),
      };
      for (const section of accountExport.sections()) {
        data[section.name] = await section.collect(user.id);
      }
      return data;
    },

    async deleteAccount({ user }: Authenticated, confirmEmail: string) {
      if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError(
          400,
          'account.confirmation_mismatch',
          authMessages.confirmationMismatch,
          { confirmEmail: authMessages.confirmationMismatch },
        );
      }
      await auth.deleteUser(user.id);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
