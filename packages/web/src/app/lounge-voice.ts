import { LOUNGE_TEXTS, type LoungeTexts } from '@butler/contract/lounge-texts';
import { useSession } from './session-context';

/** The lounge's texts in the customers' form of address ("Anrede der Kunden", decision 0620). */
export function useLoungeTexts(): LoungeTexts {
  return LOUNGE_TEXTS[useSession().customerVoice];
}
