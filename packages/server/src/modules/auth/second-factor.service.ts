import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { findOpenToken, type TokenPurpose, useToken } from './account-tokens.js';
import { type AuthService, type LoggedInUser, staffUser } from './auth.service.js';
import type { ClientInfo } from './sessions.service.js';
import type { TwoFactor } from './two-factor.service.js';

const EXPIRED = 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';
const WRONG_CODE = 'Der Code ist falsch oder wurde bereits verwendet';

/**
 * The second step of a staff sign-in (docs/decisions/0302): the code of the
 * authenticator app or a recovery code; or, when 2FA is required and not set up yet,
 * the enrolment. Wrong codes count towards the login rate limit of account and address.
 */
export function createSecondFactorLogin(db: Database, auth: AuthService, twoFactor: TwoFactor) {
  async function challengeOwner(challenge: string, purpose: TokenPurpose) {
    const row = await findOpenToken(db, [purpose], challenge);
    if (!row || row.adminId === null) throw new AppError('NOT_AUTHENTICATED', EXPIRED);
    const [admin] = await db.select().from(admins).where(eq(admins.id, row.adminId)).limit(1);
    if (!admin) throw new AppError('NOT_AUTHENTICATED', EXPIRED);
    if (!admin.isActive) throw new AppError('ACCOUNT_DISABLED');
    const user: LoggedInUser = staffUser(admin);
    return {
      row,
      admin,
      user,
      actor: { userType: 'admin' as const, actorId: admin.id, displayName: admin.name || admin.username },
    };
  }

  /** A wrong code: its reserved attempt stays counted as the failure; the audit says so. */
  async function failed(actor: { userType: 'admin'; actorId: number; displayName: string }) {
    await writeAudit(db, actor, 'login_failed', 'admin', actor.actorId, null, { secondFactor: 'falscher Code' });
  }

  return {
    async withCode(input: { challenge: string; code: string }, client: ClientInfo) {
      const { row, admin, user, actor } = await challengeOwner(input.challenge, 'login_totp');
      // Counted before the code is checked, atomically (decision 0500).
      const reservation = await auth.throttle.reserve(auth.limitsFor(user, client.address));
      const result = await db.transaction(async (tx) => {
        const checked = await twoFactor.verify(tx, admin.id, input.code);
        if (!checked.ok) return checked;
        if (!(await useToken(tx, row.id))) return { ok: false, recovery: false };
        return checked;
      });
      if (!result.ok) {
        await failed(actor);
        throw new AppError('LOGIN_FAILED', WRONG_CODE);
      }
      await reservation.release();
      const session = await auth.completeLogin(user, client, result.recovery ? 'Wiederherstellungscode' : 'App-Code');
      const left = result.recovery ? await twoFactor.recoveryCodesLeft(admin.id) : null;
      return { ...session, recoveryCodesLeft: left };
    },

    async beginEnrolment(input: { challenge: string }) {
      const { admin } = await challengeOwner(input.challenge, 'login_enrol');
      return twoFactor.begin(admin.id);
    },

    async confirmEnrolment(input: { challenge: string; code: string }, client: ClientInfo) {
      const { row, admin, user, actor } = await challengeOwner(input.challenge, 'login_enrol');
      const reservation = await auth.throttle.reserve(auth.limitsFor(user, client.address));
      let codes: string[];
      try {
        codes = await db.transaction(async (tx) => {
          if (!(await useToken(tx, row.id))) throw new AppError('NOT_AUTHENTICATED', EXPIRED);
          return twoFactor.confirm(tx, admin.id, input.code, actor);
        });
      } catch (error) {
        // Only a wrong code is a failed attempt; an expired challenge is not a guess.
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') await failed(actor);
        else await reservation.release();
        throw error;
      }
      await reservation.release();
      const session = await auth.completeLogin(user, client, 'App-Code (Einrichtung)');
      return { ...session, recoveryCodes: codes };
    },
  };
}

export type SecondFactorLogin = ReturnType<typeof createSecondFactorLogin>;
