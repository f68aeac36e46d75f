import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { admins, recoveryCodes } from '../../db/schema/index.js';
import { type AuditActor, writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Keyring, open, seal } from '../../lib/secret-box.js';
import {
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  totpUri,
} from '../../lib/totp.js';
import { ACCOUNT_FAILURES, accountKey, createLoginThrottle } from './login-throttle.js';
import { notifySecurityChange } from './security-notice.service.js';
import { endSessions } from './sessions.service.js';

type Executor = Pick<Database, 'insert' | 'update' | 'select' | 'delete'>;
const context = (adminId: number) => `admins:${adminId}:totp`;

/**
 * TOTP two-factor sign-in for staff (docs/decisions/0302-staff-two-factor.md): secrets
 * sealed with the key ring, a code accepted once, ten argon2id-hashed recovery codes.
 */
export function createTwoFactor(db: Database, keyring: Keyring) {
  const throttle = createLoginThrottle(db);

  /** Reads through `executor`: inside a transaction never a second pool connection (decision 0505). */
  async function load(executor: Executor, adminId: number) {
    const [row] = await executor.select().from(admins).where(eq(admins.id, adminId)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
    return row;
  }

  /** Checks a second factor: a fresh TOTP code or an unused recovery code. */
  async function verify(tx: Executor, adminId: number, code: string): Promise<{ ok: boolean; recovery: boolean }> {
    const admin = await load(tx, adminId);
    if (!admin.totpSecret) return { ok: false, recovery: false };
    if (await acceptTotp(tx, adminId, admin.totpSecret, code)) return { ok: true, recovery: false };
    if (await acceptRecoveryCode(tx, adminId, code)) return { ok: true, recovery: true };
    return { ok: false, recovery: false };
  }

  /**
   * A change that needs the password and a current code of a signed-in person (switch off,
   * new recovery codes): the attempt is counted on the account's sign-in limit before
   * either is checked, so a stolen session cannot guess them (decision 0500). `then` runs in
   * the transaction that used the code.
   */
  async function withPasswordAndCode<T>(
    adminId: number,
    password: string,
    code: string,
    then: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    const admin = await load(db, adminId);
    if (!admin.totpSecret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet');
    const reservation = await throttle.reserve([
      { key: accountKey({ userType: 'admin', id: adminId }), max: ACCOUNT_FAILURES },
    ]);
    if (!(await verifyPassword(admin.passwordHash, password))) throw fieldError('password', 'Das Passwort ist falsch');
    const result = await db.transaction(async (tx) => {
      const { ok } = await verify(tx, adminId, code);
      if (!ok) throw fieldError('code', 'Der Code ist falsch oder wurde bereits verwendet');
      return then(tx);
    });
    await reservation.release();
    return result;
  }

  /** Accepts a TOTP code newer than the last accepted one; the update is the replay guard. */
  async function acceptTotp(tx: Executor, adminId: number, sealed: string, code: string): Promise<boolean> {
    const step = matchTotp(open(keyring, sealed, context(adminId)), code);
    if (step === null) return false;
    const updated = await tx
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id });
    return updated.length === 1;
  }

  async function acceptRecoveryCode(tx: Executor, adminId: number, code: string): Promise<boolean> {
    if (!looksLikeRecoveryCode(code)) return false;
    const open = await tx
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
    for (const row of open) {
      if (!(await verifyPassword(row.codeHash, normalRecoveryCode(code)))) continue;
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return used.length === 1;
    }
    return false;
  }

  async function replaceRecoveryCodes(tx: Executor, adminId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
    const hashes = await Promise.all(codes.map((c) => hashPassword(normalRecoveryCode(c))));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash })));
    return codes;
  }

  async function recoveryCodesLeft(adminId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
    return row.n;
  }

  return {
    recoveryCodesLeft,

    /** Starts (or restarts) an enrolment: a new pending secret, as QR code and as text. */
    async begin(adminId: number) {
      const admin = await load(db, adminId);
      if (admin.totpSecret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet');
      const secret = newTotpSecret();
      await db
        .update(admins)
        .set({ totpPendingSecret: seal(keyring, secret, context(adminId)) })
        .where(eq(admins.id, adminId));
      const uri = totpUri(secret, admin.username);
      const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret: secret.replace(/(.{4})/g, '$1 ').trim(), otpauth_uri: uri, qr_code: qr };
    },

    /** Confirms an enrolment with a first code; answers the ten recovery codes (shown once). */
    async confirm(tx: Executor, adminId: number, code: string, actor: AuditActor): Promise<string[]> {
      const admin = await load(tx, adminId);
      if (admin.totpSecret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet');
      if (!admin.totpPendingSecret) throw fieldError('code', 'Bitte starten Sie die Einrichtung erneut');
      const step = matchTotp(open(keyring, admin.totpPendingSecret, context(adminId)), code);
      if (step === null)
        throw fieldError('code', 'Der Code ist falsch. Bitte geben Sie den aktuellen Code der App ein.');
      await tx
        .update(admins)
        .set({
          totpSecret: admin.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: sql`now()`,
          totpLastStep: step,
        })
        .where(eq(admins.id, adminId));
      const codes = await replaceRecoveryCodes(tx, adminId);
      await writeAudit(tx as any, actor, 'totp_enable', 'admin', adminId);
      await notifySecurityChange(tx as any, { userType: 'admin', id: adminId }, 'totp_enable');
      return codes;
    },

    confirmOwn(adminId: number, code: string, actor: AuditActor) {
      return db.transaction((tx) => this.confirm(tx, adminId, code, actor));
    },

    verify,

    /** Turns 2FA off for oneself: password and a code required. */
    async disable(adminId: number, password: string, code: string, actor: AuditActor) {
      await withPasswordAndCode(adminId, password, code, async (tx) => {
        await clear(tx, adminId);
        await writeAudit(tx, actor, 'totp_disable', 'admin', adminId);
        await notifySecurityChange(tx, { userType: 'admin', id: adminId }, 'totp_disable');
      });
    },

    /**
     * An admin resets another staff member's 2FA (they set it up again at the next login).
     * Their open sessions end with it: a reset usually means a lost or stolen phone.
     */
    async reset(adminId: number, actor: AuditActor) {
      await load(db, adminId);
      await db.transaction(async (tx) => {
        await clear(tx, adminId);
        await endSessions(tx, { userType: 'admin', id: adminId }, actor);
        await writeAudit(tx, actor, 'totp_reset', 'admin', adminId);
        await notifySecurityChange(tx, { userType: 'admin', id: adminId }, 'totp_reset');
      });
    },

    async newRecoveryCodes(adminId: number, password: string, code: string, actor: AuditActor) {
      return withPasswordAndCode(adminId, password, code, async (tx) => {
        const codes = await replaceRecoveryCodes(tx, adminId);
        await writeAudit(tx, actor, 'recovery_codes_renew', 'admin', adminId);
        await notifySecurityChange(tx, { userType: 'admin', id: adminId }, 'recovery_codes_renew');
        return codes;
      });
    },
  };

  async function clear(tx: Executor, adminId: number) {
    await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(admins.id, adminId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
  }
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
