import { grantsFor } from '@butler/contract/permissions';
import type { zStaffInvite } from '@butler/contract/staff';
import { eq } from 'drizzle-orm';
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
import { accountLink, SECRET_LINK } from '../mail/secret-links.service.js';
import { voidOpenTokens } from './account-tokens.js';
import { INVITATION_DAYS, RESET_MINUTES } from './password-links.service.js';

const viennaDate = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Queues an invitation (7 days) for an account without password; older open invitations stop working. */
export async function mailInvitation(
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

/** Queues a reset link (60 minutes) for an account; older open reset links stop working. */
export async function mailReset(
  tx: Executor,
  owner: { userType: 'admin' | 'customer'; id: number },
  to: string,
  name: string,
  createdBy: string,
  /** Staff: the username to sign in with, named in the mail (they may have asked by e-mail address). */
  login?: string,
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
      ...(login ? { login } : {}),
      ...(owner.userType === 'customer' ? { to: (await customerAddressee(tx, owner.id)) ?? undefined } : {}),
    },
    secretLink: accountLink('password_reset', owner, new Date(Date.now() + RESET_MINUTES * 60_000)),
    customerId: owner.userType === 'customer' ? owner.id : null,
    entity: { type: owner.userType, id: owner.id },
    createdBy,
  });
}

/**
 * The mails of the account lifecycle, all through the transactional mail queue: staff and
 * customer invitations (7 days) and password resets (60 minutes), links built on PUBLIC_URL
 * (docs/decisions/0305-invitations-and-resets.md). The stored mail holds SECRET_LINK where
 * the link goes; the token is issued when the mail is sent (decision 0502). Older open links
 * of the purpose stop working now.
 */
export function createAccountMails(db: Database, _env: Env) {
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
        else await mailReset(tx, owner, row.email, row.name || row.username, session.displayName, row.username);
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
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
