import { type CustomerVoiceSetting, zCustomerVoiceSetting } from '@butler/contract/customer-voice';
import { CUSTOMER_VOICE_LABELS, CUSTOMER_VOICES, DEFAULT_CUSTOMER_VOICE } from '@butler/contract/voice';
import { Radio, Stack } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { SettingsCard, SettingsFormFooter, useSettingsForm } from '../../components/settings-form';

/**
 * Einstellungen → "Anrede der Kunden" (decision 0620): du or Sie in the lounge, the
 * customers' mails and PDFs. Signed-in customers see the change at their next page load.
 */
export function CustomerVoiceCard() {
  const form = useSettingsForm<CustomerVoiceSetting>({
    queryKey: ['customer-voice'],
    url: '/api/admin/customer-voice',
    defaults: { customer_voice: DEFAULT_CUSTOMER_VOICE },
    schema: zCustomerVoiceSetting,
    savedText: 'Anrede der Kunden gespeichert',
    invalidates: [],
  });
  return (
    <SettingsCard
      titleId="customer-voice-title"
      icon={<IconMessageCircle size={22} color="var(--mantine-color-navy-7)" aria-hidden />}
      title="Anrede der Kunden"
      intro="Wie die Lounge, die E-Mails an Kunden und ihre PDFs die Kunden ansprechen. Briefe grüßen mit Namen: „Hallo Maria“ oder „Sehr geehrte Frau Gruber“."
      query={form.settings}
      loadingText="Lade Anrede der Kunden..."
      loadErrorText="Fehler beim Laden der Anrede der Kunden"
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <Radio.Group
            aria-labelledby="customer-voice-title"
            value={form.values.customer_voice}
            onChange={(value) => form.setValue('customer_voice', value as CustomerVoiceSetting['customer_voice'])}
            error={form.errors.customer_voice}
          >
            <Stack gap="xs">
              {CUSTOMER_VOICES.map((voice) => (
                <Radio key={voice} value={voice} label={CUSTOMER_VOICE_LABELS[voice]} />
              ))}
            </Stack>
          </Radio.Group>
          <SettingsFormFooter saveError={form.saveError} saving={form.saving} />
        </Stack>
      </form>
    </SettingsCard>
  );
}
