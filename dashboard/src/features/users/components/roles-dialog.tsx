import { useState } from 'react';
import { ACCOUNT_ROLES, type UserDetail } from '@inkwell/contracts/dashboard-customers';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { CheckboxField } from '@/components/form/checkbox-field';
import { refusalMessages } from '@/lib/refusal';
import { useSetRoles } from '../api/users';
import { ROLE_DESCRIPTIONS, roleLabel } from './labels';
import styles from './users.module.css';

/** The role editor: a checkbox per role; the API refuses removing one's own admin role or the last admin's, and says so here. */
export function RolesDialog({ user, onClose }: { user: UserDetail; onClose: () => void }) {
  const setRoles = useSetRoles(user.id);
  const [roles, setChosen] = useState<string[]>(user.roles.filter((role) => (ACCOUNT_ROLES as readonly string[]).includes(role)));
  const [problem, setProblem] = useState<string>();

  const toggle = (role: string, on: boolean) => setChosen((current) => (on ? [...current.filter((r) => r !== role), role] : current.filter((r) => r !== role)));

  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Roles of ${user.email}`}
      submitLabel="Save roles"
      isSubmitting={setRoles.isPending}
      problem={problem}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(undefined);
        const ordered = ACCOUNT_ROLES.filter((role) => roles.includes(role));
        setRoles.mutate(
          { externalId: user.externalId, roles: ordered },
          {
            onSuccess: () => {
              toast.success(ordered.length === 0 ? 'Roles removed: a reader again' : `Roles saved: ${ordered.map(roleLabel).join(', ')}`);
              onClose();
            },
            onError: (error) => setProblem(refusalMessages(error).join(' ')),
          },
        );
      }}
    >
      <fieldset className={styles.roles}>
        <legend className={styles.legend}>Roles</legend>
        {ACCOUNT_ROLES.map((role) => (
          <CheckboxField key={role} label={roleLabel(role)} description={ROLE_DESCRIPTIONS[role]} value={roles.includes(role)} onChange={(on) => toggle(role, on)} />
        ))}
        <p className={styles.muted}>With no role the account is a reader.</p>
      </fieldset>
    </FormDialog>
  );
}
