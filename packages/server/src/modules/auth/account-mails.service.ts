import { grantsFor } from '@butler/contract/permissions';
import type { zStaffInvite } from '@butler/contract/staff';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { admins, customers } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import { accountLink, SECRET_LINK } from '../mail/secret-links.js';
import { voidOpenTokens } from './account-tokens.js';
import { accountKey, addressKey, createLoginThrottle } from './login-throttle.js';
import { INVITATION_DAYS, RESET_MINUTES } from './password-links.service.js';

/** "Passwort vergessen?" answers after at least this long, whether the address exists or not. */
export const FORGOT_PASSWORD_FLOOR_MS = 400;
const RESET_MAILS_PER_CUSTOMER_PER_HOUR = 3;
const RESETS_PER_ADDRESS_PER_HOUR = 10;

const viennaDate = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The mails of the account lifecycle, all through the transactional mail queue: staff and
 * customer invitations (7 days) and password resets (60 minutes), links built on PUBLIC_URL
 * (docs/decisions/0305-invitations-and-resets.md). The stored mail holds SECRET_LINK where
 * the link goes; the token is issued when the mail is sent (decision 0502). Older open links
 * of the purpose stop working now.
 */
export function createAccountMails(db: Database, _env: Env) {
  const throttle = createLoginThrottle(db);

  async function mailInvitation(
    tx: Executor,
    owner: { userType: 'admin' | 'customer'; id: number },
    to: string,
    name: string,
    login: string,
    createdBy: string,
  ) {
    const purpose = owner.userType === 'admin' ? 'staff_invitation' : 'customer_invitation';
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
    await voidOpenTokens(tx, purpose, owner);
    await queueMail(tx, {
      to,
      template: 'account-invitation',
      data: {
        audience: owner.userType === 'admin' ? 'staff' : 'customer',
        name,
        login,
        url: SECRET_LINK,
        validUntil: viennaDate.format(expiresAt),
        ...(owner.userType === 'customer' ? { to: (await customerAddressee(tx, owner.id)) ?? undefined } : {}),
      },
      secretLink: accountLink(purpose, owner, expiresAt),
      customerId: owner.userType === 'customer' ? owner.id : null,
      entity: { type: owner.userType, id: owner.id },
      createdBy,
    });
  }

  async function mailReset(
    tx: Executor,
    owner: { userType: 'admin' | 'customer'; id: number },
    to: string,
    name: string,
    createdBy: string,
  ) {
    await voidOpenTokens(tx, 'password_reset', owner);
    await queueMail(tx, {
      to,
      template: 'password-reset',
      data: {
        audience: owner.userType === 'admin' ? 'staff' : 'customer',
        name,
        url: SECRET_LINK,
        minutes: RESET_MINUTES,
        ...(owner.userType === 'customer' ? { to: (await customerAddressee(tx, owner.id)) ?? undefined } : {}),
      },
      secretLink: accountLink('password_reset', owner, new Date(Date.now() + RESET_MINUTES * 60_000)),
      customerId: owner.userType === 'customer' ? owner.id : null,
      entity: { type: owner.userType, id: owner.id },
      createdBy,
    });
  }

  return {
    /** A new staff account without password, and the invitation mail, in one transaction. */
    async inviteStaff(session: SessionContext, input: z.output<typeof zStaffInvite>) {
      return db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.username, input.username));
        if (taken) throw fieldError('username', 'Dieser Benutzername ist bereits vergeben');
        const [row] = await tx
          .insert(admins)
          .values({
            username: input.username,
            name: input.name,
            email: input.email,
            role: input.role,
            grants: grantsFor(input.role, input.grants),
            passwordHash: null,
          })
          .returning();
        await writeAudit(tx, session, 'invite', 'admin', row.id, null, {
          username: row.username,
          name: row.name,
          email: row.email,
          role: row.role,
          grants: row.grants,
        });
        await mailInvitation(
          tx,
          { userType: 'admin', id: row.id },
          input.email,
          input.name,
          input.username,
          session.displayName,
        );
        return row.id;
      });
    },

    /** Invitation again (no password yet) or a reset link, sent by an admin to a colleague. */
    async staffPasswordLink(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(admins).where(eq(admins.id, id));
        if (!row) throw new AppError('NOT_FOUND', 'Mitarbeiter nicht gefunden');
        if (!row.email) throw new AppError('CONFLICT', 'Für diesen Mitarbeiter ist keine E-Mail-Adresse hinterlegt');
        if (!row.isActive) throw new AppError('CONFLICT', 'Der Mitarbeiter ist deaktiviert');
        const owner = { userType: 'admin' as const, id };
        if (row.passwordHash === null)
          await mailInvitation(tx, owner, row.email, row.name || row.username, row.username, session.displayName);
        else await mailReset(tx, owner, row.email, row.name || row.username, session.displayName);
        await writeAudit(tx, session, row.passwordHash === null ? 'invite' : 'password_reset_request', 'admin', id);
      });
    },

    /** "Einladung senden" on the customer form (called in the create transaction). */
    async inviteCustomer(
      tx: Executor,
      session: SessionContext,
      customer: { id: number; firstName: string; email: string },
    ) {
      await mailInvitation(
        tx,
        { userType: 'customer', id: customer.id },
        customer.email,
        customer.firstName,
        customer.email,
        session.displayName,
      );
      await writeAudit(tx, session, 'invite', 'customer', customer.id);
    },

    /** Invitation again (no password yet) or a reset link, sent by an admin to a customer. */
    async customerPasswordLink(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(customers).where(eq(customers.id, id));
        if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
        if (!row.isActive) throw new AppError('CONFLICT', 'Der Kunde ist deaktiviert');
        const owner = { userType: 'customer' as const, id };
        if (row.passwordHash === null)
          await mailInvitation(tx, owner, row.email, row.firstName, row.email, session.displayName);
        else await mailReset(tx, owner, row.email, row.firstName, session.displayName);
        await writeAudit(tx, session, row.passwordHash === null ? 'invite' : 'password_reset_request', 'customer', id);
      });
    },

    /**
     * "Passwort vergessen?": the same answer and at least FORGOT_PASSWORD_FLOOR_MS whether
     * the address belongs to an active customer or not. Per client address 10 requests an
     * hour (then 429); per customer 3 mails an hour. What is counted per customer is a mail
     * sent, reserved atomically before it is queued: a burst of requests sends exactly 3
     * and can never leave the customer with none (decision 0500).
     */
    async requestCustomerReset(email: string, clientAddress: string) {
      const started = Date.now();
      await throttle.reserve([{ key: addressKey(clientAddress, 'reset:ip'), max: RESETS_PER_ADDRESS_PER_HOUR }], {
        windowMinutes: 60,
        message: (m) => `Zu viele Anfragen. Bitte in ${m} ${m === 1 ? 'Minute' : 'Minuten'} noch einmal versuchen.`,
      });
      const [row] = await db.select().from(customers).where(sql`lower(${customers.email}) = lower(${email})`).limit(1);
      const mail =
        row?.isActive &&
        (await throttle
          .reserve(
            [
              {
                key: accountKey({ userType: 'customer', id: row.id }, 'reset'),
                max: RESET_MAILS_PER_CUSTOMER_PER_HOUR,
              },
            ],
            {
              windowMinutes: 60,
            },
          )
          .catch((error) => {
            if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return null;
            throw error;
          }));
      if (row && mail) {
        await db
          .transaction(async (tx) => {
            await mailReset(tx, { userType: 'customer', id: row.id }, row.email, row.firstName, 'System');
            const actor = {
              userType: 'customer' as const,
              actorId: row.id,
              displayName: `${row.firstName} ${row.lastName}`,
            };
            await writeAudit(tx, actor, 'password_reset_request', 'customer', row.id);
          })
          .catch(async (error) => {
            await mail.release();
            throw error;
          });
      }
      await sleep(Math.max(0, FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started)));
    },
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
