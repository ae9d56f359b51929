import {
  Alert,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { permissionTables } from '../../../../generated/permissions';
import type { CompanyUser } from '../../../../generated/types';
import { EnumChip } from '../../widgets/EnumChip';
import { fieldLabel } from '../common/labels';
import { QueryState } from '../common/QueryState';
import { useApiQuery } from '../common/use-api-query';

const COLUMNS = ['name', 'email', 'role', 'status'] as const;

// role key (creditor-observer) → the role's label from roles.yaml
const roleLabel = (key: string) =>
  Object.values(permissionTables.roles).find((role) => role.key === key)?.label;

/** Company users with role and status, and the maximum number of additional accesses. */
export function CompanyUsersTab() {
  const translate = useTranslate();
  const query = useApiQuery<{ companyUsers: CompanyUser[]; count: number; maxCompanyUsers: number }>(
    '/user-management/creditor-company-user/list',
  );
  return (
    <QueryState query={query}>
      {({ companyUsers, count, maxCompanyUsers }) => (
        <>
          <Typography sx={{ mb: 2 }}>
            {translate('pages.settings.companyUsersCount', { count, max: maxCompanyUsers })}
          </Typography>
          {count >= maxCompanyUsers ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('messages.companyUsers.maxAccessesReached', { max: maxCompanyUsers })}
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
                  </TableRow>
                </TableHead>
                <TableBody>
                  {companyUsers.map((user) => {
                    const role = roleLabel(user.role);
                    return (
                      <TableRow key={user.identifier} data-testid="company-user-row">
                        <TableCell>{user.name}</TableCell>
                        <TableCell>{user.email}</TableCell>
                        <TableCell>{role ? translate(role, { _: user.role }) : user.role}</TableCell>
                        <TableCell>
                          <EnumChip value={user.status} enumName="userStatus" />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </QueryState>
  );
}
