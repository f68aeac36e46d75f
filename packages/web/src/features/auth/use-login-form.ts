import type { LoginChallenge, UserType } from '@butler/contract/auth';
import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { useState } from 'react';
import { useSession } from '../../app/session-context';
import { errorText } from '../../lib/api-client';

/** Shared submit logic of both login pages: busy state and SPEC §8's error text. */
export function useLoginForm(
  userType: UserType,
  onSuccess: () => void,
  onChallenge?: (challenge: LoginChallenge) => void,
) {
  const { login } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (identifier: string, password: string) => {
    setError(null);
    if (!identifier.trim() || !password) {
      setError(userType === 'customer' ? PUBLIC_PAGE_TEXTS.loginEmpty : 'Bitte füllen Sie alle Felder aus');
      return;
    }
    setBusy(true);
    try {
      const result = await login(identifier.trim(), password, userType);
      if ('challenge' in result) onChallenge?.(result);
      else onSuccess();
    } catch (cause) {
      setError(errorText(cause, 'Login fehlgeschlagen'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}
