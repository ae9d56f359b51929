import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetIdentity, useTranslate } from 'ra-core';
import { useState } from 'react';
import { createCompanyUserCommands, registerCompanyUserCommand } from '../../../../generated/form-commands/create-company-user';
import { deleteCompanyUserCommand } from '../../../../generated/form-commands/delete-company-user';
import { editCompanyUserCommands, updateCompanyUserCommand } from '../../../../generated/form-commands/edit-company-user';
import { createCompanyUserForm } from '../../../../generated/forms/create-company-user';
import { editCompanyUserForm } from '../../../../generated/forms/edit-company-user';
import { permissionTables } from '../../../../generated/permissions';
import type { CompanyUser } from '../../../../generated/types';
import { LazyFormDialog as FormDialog } from '../../forms/LazyFormDialog';
import { CommandDialog } from '../../resources/CommandDialog';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';
import { useCommandAllowed, useImpersonationRefused } from './use-command-allowed';

const COLUMNS = ['name', 'email', 'role', 'status'] as const;

// role key (creditor-observer) → the role's label from roles.yaml
const roleLabel = (key: string) =>
  Object.values(permissionTables.roles).find((role) => role.key === key)?.label;

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; user: CompanyUser };

/**
 * Company users with role and status, and the maximum number of additional accesses. The main user
 * and management add users (until the maximum: then the spec's message shows instead), change their
 * name and role and delete them — never their own access (the server refuses it too).
 */
export function CompanyUsersTab() {
  const translate = useTranslate();
  const mayTake = useCommandAllowed();
  const { identity } = useGetIdentity();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = useApiQuery<{ companyUsers: CompanyUser[]; count: number; maxCompanyUsers: number }>(
    '/user-management/creditor-company-user/list',
  );
  const mayRegister = mayTake(registerCompanyUserCommand);
  // an admin acting as the user sees the action switched off, with the reason (issue 26)
  const refusedAsAdmin = useImpersonationRefused()(registerCompanyUserCommand);
  const mayEdit = mayTake(updateCompanyUserCommand);
  const mayDelete = mayTake(deleteCompanyUserCommand);
  const close = () => setDialog(null);
  return (
    <QueryState query={query}>
      {({ companyUsers, count, maxCompanyUsers }) => (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>{translate('pages.settings.companyUsersCount', { count, max: maxCompanyUsers })}</Typography>
            {mayRegister && count < maxCompanyUsers ? (
              <Button variant="outlined" onClick={() => setDialog({ kind: 'create' })}>
                {translate('settings.actions.addUser')}
              </Button>
            ) : null}
            {refusedAsAdmin ? (
              <>
                <Button variant="outlined" disabled aria-describedby="company-users-impersonation">
                  {translate('settings.actions.addUser')}
                </Button>
                <Typography id="company-users-impersonation" variant="body2" color="text.secondary">
                  {translate('messages.commands.impersonationRefused')}
                </Typography>
              </>
            ) : null}
          </Stack>
          {count >= maxCompanyUsers ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('settings.maxAccessesReached', { max: maxCompanyUsers })}
            </Alert>
          ) : null}
          {companyUsers.length === 0 ? (
            translate('pages.common.empty')
          ) : (
            <TableContainer>
              <Table size="small" aria-label={translate('entities.companyUser.name')}>
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableCell key={column} sx={{ fontWeight: 600 }}>
                        {fieldLabel(translate, 'companyUser', column)}
                      </TableCell>
                    ))}
                    {mayEdit || mayDelete ? (
                      <TableCell sx={{ fontWeight: 600 }}>{translate('settings.actions.column')}</TableCell>
                    ) : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {companyUsers.map((user) => {
                    const role = roleLabel(user.role);
                    const self = identity?.id === user.identifier;
                    return (
                      <TableRow key={user.identifier} data-testid="company-user-row">
                        <TableCell>
                          {user.name} {self ? translate('settings.actions.you') : null}
                        </TableCell>
                        <TableCell>{user.email}</TableCell>
                        <TableCell>{role ? translate(role, { _: user.role }) : user.role}</TableCell>
                        <TableCell>
                          <EnumChip value={user.status} enumName="userStatus" />
                        </TableCell>
                        {mayEdit || mayDelete ? (
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {mayEdit && !self ? (
                              <Button
                                size="small"
                                onClick={() => setDialog({ kind: 'edit', user })}
                                aria-label={translate('settings.actions.editUser', { name: user.name })}
                              >
                                {translate('ra.action.edit')}
                              </Button>
                            ) : null}
                            {mayDelete && !self ? (
                              <Button
                                size="small"
                                color="error"
                                onClick={() => setDialog({ kind: 'delete', user })}
                                aria-label={translate('settings.actions.deleteUser', { name: user.name })}
                              >
                                {translate('ra.action.delete')}
                              </Button>
                            ) : null}
                          </TableCell>
                        ) : null}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {dialog?.kind === 'create' ? <FormDialog form={createCompanyUserForm} commands={createCompanyUserCommands} onClose={close} /> : null}
          {dialog?.kind === 'edit' ? (
            <FormDialog
              form={editCompanyUserForm}
              commands={editCompanyUserCommands}
              initial={{
                identifier: dialog.user.identifier,
                name: dialog.user.name,
                email: dialog.user.email,
                role: dialog.user.role,
              }}
              onClose={close}
            />
          ) : null}
          {dialog?.kind === 'delete' ? (
            <CommandDialog
              title={translate(deleteCompanyUserCommand.label)}
              command={deleteCompanyUserCommand}
              target={{}}
              body={{ identifier: dialog.user.identifier }}
              confirmParams={{ name: dialog.user.name }}
              onClose={close}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}
