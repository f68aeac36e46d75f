import { z } from 'zod';

/** The first-day checklist ("Erste Schritte", decision 0630). */

/**
 * The guide ends at a sent ButlerPaket invoice (decision 0757): a customer gets a ButlerPaket
 * (`subscription`), and `invoice` is the first issued invoice of one.
 */
export const ONBOARDING_STEPS = ['company', 'bank', 'logo', 'template', 'customer', 'subscription', 'invoice'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const zOnboardingStep = z.object({
  key: z.enum(ONBOARDING_STEPS),
  done: z.boolean(),
});

export const zOnboarding = z.object({
  /** True until this staff member has signed in a second time: "Willkommen" instead of "Willkommen zurück". */
  first_visit: z.boolean(),
  /** False while the dashboard targets were never saved: no band ("Unter Ziel") is shown yet. */
  targets_set: z.boolean(),
  /** Only for those who may change the company data (Inhaber); null for everyone else. */
  checklist: z
    .object({
      hidden: z.boolean(),
      steps: z.array(zOnboardingStep),
      /** The newest customer, where "ButlerPaket für den Kunden anlegen" leads (null without customers). */
      first_customer_id: z.number().nullable(),
      /** A ButlerPaket invoice still in draft: "Erste ButlerPaket-Rechnung senden" opens it. */
      subscription_draft_id: z.number().nullable(),
    })
    .nullable(),
});
export type Onboarding = z.infer<typeof zOnboarding>;

export const zOnboardingVisibility = z.object({ hidden: z.boolean() });
export type OnboardingVisibility = z.infer<typeof zOnboardingVisibility>;
