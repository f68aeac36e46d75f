import {
  GRANTABLE,
  PERMISSIONS,
  type Permission,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@butler/contract/permissions';
import { Select, Stack, Switch } from '@mantine/core';

export type RoleChoice = { role: StaffRole | null; grants: Permission[] };

/** The German names of the extra rights an Inhaber can grant (GRANTABLE). */
const GRANT_LABELS: Partial<Record<Permission, string>> = {
  'wiki.secret.reveal': 'Darf gespeicherte Passwörter anzeigen',
};

/**
 * Role of a staff member, with what it allows and (Büro) the grantable extra right,
 * straight from the role table of the contract (decision 0540).
 */
export function RoleFields({
  value,
  onChange,
  error,
}: {
  value: RoleChoice;
  onChange: (next: RoleChoice) => void;
  error?: string;
}) {
  const grantable = value.role ? GRANTABLE[value.role] : [];
  return (
    <Stack gap="xs">
      <Select
        label="Rolle"
        placeholder="Rolle wählen"
        data={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        value={value.role}
        onChange={(role) => {
          const next = role as StaffRole | null;
          onChange({ role: next, grants: value.grants.filter((p) => next && GRANTABLE[next].includes(p)) });
        }}
        description={value.role ? ROLE_DESCRIPTIONS[value.role] : undefined}
        error={error}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
      />
      {grantable.map((permission) => (
        <Switch
          key={permission}
          label={GRANT_LABELS[permission] ?? PERMISSIONS[permission]}
          description={PERMISSIONS[permission]}
          checked={value.grants.includes(permission)}
          onChange={(e) =>
            onChange({
              ...value,
              grants: e.currentTarget.checked
                ? [...value.grants, permission]
                : value.grants.filter((p) => p !== permission),
            })
          }
        />
      ))}
    </Stack>
  );
}
