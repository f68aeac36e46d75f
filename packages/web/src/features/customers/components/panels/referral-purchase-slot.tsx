import { Button } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { ReferralPurchaseDialog } from '../referral-purchase-dialog';

/** 'Empfehlungskauf' button next to 'Verkaufen' with its dialog (SPEC §2 panel 3). */
export function ReferralPurchaseSlot({ customerId }: { customerId?: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="grape"
        leftSection={<IconGift size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Empfehlungskauf
      </Button>
      <ReferralPurchaseDialog opened={opened} customerId={customerId} onClose={() => setOpened(false)} />
    </>
  );
}
