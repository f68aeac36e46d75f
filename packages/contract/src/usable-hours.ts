import { z } from 'zod';

/**
 * The one hours figure (decision 0742): what a customer can use now. Every screen, mail and
 * PDF that says how many hours are left says this, computed once on the server
 * (`hour-accounting/usable-hours.repo.ts`); no screen shows a "remaining" figure of its own.
 */

const hours = z.number();

/** The ButlerPaket part: the period containing today of the current ButlerPaket. */
export const zUsableButler = z.object({
  subscription_id: z.number(),
  period_start: z.string(),
  period_end: z.string(),
  /** Last day of the ButlerPaket's term: unused hours carry over until then. */
  term_end: z.string(),
  monthly_hours: hours,
  /** Booked in this period. */
  used: hours,
  /** The earlier periods of the same ButlerPaket: left over (> 0) or used beyond them (< 0). */
  carried: hours,
  /** monthly_hours − used + carried: usable now; below 0 it is Mehrverbrauch. */
  usable: hours,
});
export type UsableButler = z.infer<typeof zUsableButler>;

/** The Stundenpakete part: all packages together. */
export const zUsablePackages = z.object({
  purchased: hours,
  used: hours,
  /** purchased − used; below 0 it is Minus. */
  remaining: hours,
});
export type UsablePackages = z.infer<typeof zUsablePackages>;

export const zUsableHours = z.object({
  /** The one figure: ButlerPaket and Stundenpakete together, each counted only above 0. */
  total: hours,
  butler: zUsableButler.nullable(),
  packages: zUsablePackages.nullable(),
});
export type UsableHours = z.infer<typeof zUsableHours>;

export const NO_USABLE_HOURS: UsableHours = { total: 0, butler: null, packages: null };
