import type { StaffPackageRequest } from '@butler/contract/subscription-requests';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { AnswerDialog } from './answer-dialog';
import { PackageRequestRow } from './package-request-row';

/** Rows of wishes with their Annehmen/Ablehnen dialog (one place for both lists, decision 0531). */
export function PackageRequestList({
  requests,
  showCustomer,
}: {
  requests: StaffPackageRequest[];
  showCustomer: boolean;
}) {
  const can = useCan();
  const [answering, setAnswering] = useState<{ request: StaffPackageRequest; outcome: 'accept' | 'decline' } | null>(
    null,
  );
  return (
    <Stack gap="xs">
      {requests.map((request) => (
        <PackageRequestRow
          key={request.id}
          request={request}
          showCustomer={showCustomer}
          mayAnswer={can('subscriptions.write')}
          onAnswer={(outcome) => setAnswering({ request, outcome })}
        />
      ))}
      {answering && (
        <AnswerDialog request={answering.request} outcome={answering.outcome} onClose={() => setAnswering(null)} />
      )}
    </Stack>
  );
}
