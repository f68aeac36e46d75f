import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '@butler/contract/onboarding';
import { missingIssuerFields } from '@butler/contract/quickbill-settings';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { admins, dashboardSettings } from '../../db/schema/index.js';
import { can, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { loadSettings } from '../quickbill/settings/provider-settings.repo.js';

/**
 * The first day (decision 0630): greeting, whether targets exist, and the
 * "Erste Schritte" checklist computed from the data itself, so a step ticks itself off
 * the moment its record exists (no stored progress that could disagree with the data).
 */
export async function getOnboarding(db: Database, session: SessionContext): Promise<Onboarding> {
  const [me] = await db
    .select({ previous: admins.previousLoginAt, hiddenAt: admins.onboardingHiddenAt })
    .from(admins)
    .where(eq(admins.id, session.adminId ?? -1));
  if (!me) throw new AppError('NOT_AUTHENTICATED');
  const [targets] = await db.select({ savedAt: dashboardSettings.savedAt }).from(dashboardSettings).limit(1);
  return {
    first_visit: me.previous === null,
    targets_set: targets?.savedAt != null,
    // The steps are the owner's work (company data, bank, logo): only who may change them sees the list.
    checklist: can(session, 'quickbill.settings.write')
      ? { hidden: me.hiddenAt !== null, ...(await checklist(db)) }
      : null,
  };
}

async function checklist(db: Database) {
  const settings = await loadSettings(db);
  // One round trip for the "does one exist" questions; each is an index probe.
  const [found] = (
    await db.execute<{
      template: boolean;
      customer: number | null;
      subscription: boolean;
      invoice: boolean;
      draft: number | null;
    }>(sql`
      SELECT EXISTS (SELECT 1 FROM subscription_templates) AS template,
             (SELECT max(id) FROM customers) AS customer,
             EXISTS (SELECT 1 FROM subscriptions) AS subscription,
             EXISTS (SELECT 1 FROM invoices
                     WHERE kind = 'invoice' AND status <> 'draft' AND subscription_id IS NOT NULL) AS invoice,
             (SELECT min(id) FROM invoices
              WHERE kind = 'invoice' AND status = 'draft' AND subscription_id IS NOT NULL) AS draft`)
  ).rows;
  const issuer = missingIssuerFields(
    {
      company_name: settings.companyName,
      street: settings.street,
      postal_code: settings.postalCode,
      city: settings.city,
      uid: settings.uid,
      tax_number: settings.taxNumber,
    },
    settings.smallBusiness,
  );
  const done: Record<OnboardingStep, boolean> = {
    company: issuer.length === 0,
    bank: settings.iban.trim() !== '',
    logo: settings.logoBlobId !== null,
    template: found.template,
    customer: found.customer !== null,
    subscription: found.subscription,
    // The guide's goal (decision 0757): a ButlerPaket invoice issued and sent; a manual one does not count.
    invoice: found.invoice,
  };
  return {
    steps: ONBOARDING_STEPS.map((key) => ({ key, done: done[key] })),
    first_customer_id: found.customer === null ? null : Number(found.customer),
    subscription_draft_id: found.draft === null ? null : Number(found.draft),
  };
}

/** Hides or shows the checklist for this staff member only (a view preference, audited like every change). */
export async function setChecklistHidden(db: Database, session: SessionContext, hidden: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hiddenAt: admins.onboardingHiddenAt })
      .from(admins)
      .where(eq(admins.id, session.adminId ?? -1))
      .for('update');
    if (!before) throw new AppError('NOT_AUTHENTICATED');
    if ((before.hiddenAt !== null) === hidden) return;
    await tx
      .update(admins)
      .set({ onboardingHiddenAt: hidden ? sql`now()` : null })
      .where(eq(admins.id, session.adminId ?? -1));
    await writeAudit(tx, session, 'update', 'onboarding', session.adminId, { hidden: !hidden }, { hidden });
  });
}
