import {
  SUBSCRIPTION_EDIT_REQUIRED,
  SUBSCRIPTION_REQUIRED,
  SUBSCRIPTION_TEMPLATE_REQUIRED,
  type Subscription,
} from '@butler/contract/subscriptions';

export type SubscriptionValues = {
  customer: number | null;
  template: string | null;
  hours: number | string;
  start: string | null;
  trips: number | string;
  agreements: string;
  active: boolean;
  /** Abrechnung, Zahlungsart and automatische Verlängerung (decision 0581). */
  interval: Subscription['billing_interval'];
  method: Subscription['payment_method'];
  autoRenew: boolean;
};

/** A new ButlerPaket starts today, monthly in advance by transfer; an edit shows what is stored. */
export const subscriptionStart = (
  subscription: Subscription | null,
  customerId: number | undefined,
  today: string,
): SubscriptionValues => ({
  customer: subscription?.customer_id ?? customerId ?? null,
  template: subscription?.template_id ? String(subscription.template_id) : null,
  hours: subscription?.monthly_hours ?? '',
  start: subscription?.start_date ?? today,
  trips: subscription?.monthly_trips ?? '',
  agreements: subscription?.agreements ?? '',
  active: subscription?.is_active ?? true,
  interval: subscription?.billing_interval ?? 'monthly',
  method: subscription?.payment_method ?? 'ueberweisung',
  autoRenew: subscription?.auto_renew ?? false,
});

/**
 * SPEC §5: customer, monthly hours and start date ("Bitte füllen Sie alle Pflichtfelder aus")
 * before the template ("Bitte wählen Sie ein Butler-Paket aus"); an edit says its own sentence.
 * The first problem's sentence is the one the dialog shows.
 */
export function subscriptionProblems(v: SubscriptionValues, editing: boolean) {
  const problems: Partial<Record<keyof SubscriptionValues, string>> = {};
  const hours = v.hours === '' ? 0 : Number(v.hours);
  const required = editing ? SUBSCRIPTION_EDIT_REQUIRED : SUBSCRIPTION_REQUIRED;
  if (!v.customer) problems.customer = required;
  if (!hours) problems.hours = required;
  if (!v.start) problems.start = required;
  if (!v.template) problems.template = editing ? SUBSCRIPTION_EDIT_REQUIRED : SUBSCRIPTION_TEMPLATE_REQUIRED;
  return problems;
}

/** The fields create and update share (the customer and is_active are added by the caller). */
export const subscriptionBody = (v: SubscriptionValues) => ({
  template_id: Number(v.template),
  monthly_hours: Number(v.hours),
  start_date: v.start as string,
  monthly_trips: v.trips === '' ? null : Number(v.trips),
  agreements: v.agreements,
  billing_interval: v.interval,
  payment_method: v.method,
  auto_renew: v.autoRenew,
});
