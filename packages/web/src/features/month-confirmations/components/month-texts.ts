import { MONTH_CONFIRMATION_TEXTS, type MonthConfirmationTexts } from '@butler/contract/month-confirmation-texts';
import { useSession } from '../../../app/session-context';

/** The Monatsfreigabe's lounge texts in the customers' form of address (decision 0620). */
export function useMonthTexts(): MonthConfirmationTexts {
  return MONTH_CONFIRMATION_TEXTS[useSession().customerVoice];
}
