import { createAction } from '@reduxjs/toolkit';
import type { AuditLogResponse } from '@shared/types';
import { api } from '../../app/api';

/** Dispatched when Export CSV fails (exportAudit.ts); toasts.ts turns it into the error toast. */
export const auditExportFailed = createAction<{ message: string }>('audit/exportFailed');

/** The filters as the API takes them: empty ones are left out. */
export interface AuditFilterParams {
  actor?: string;
  action?: string;
  target?: string;
  /** ISO 8601 instants: the start of the first local day, the start of the day after the last. */
  from?: string;
  to?: string;
}

export interface AuditLogArgs extends AuditFilterParams {
  page: number;
  itemsPerPage: number;
}

/** The audit log (docs/areas/audit.md): read-only, so nothing invalidates it; each visit asks again. */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogResponse, AuditLogArgs>({
      query: (args) => ({ url: '/api/audit/read-many', params: definedParams(args) }),
    }),
  }),
});

/** The args without the unset filters (no `actor=` in the address). */
export function definedParams<T extends object>(args: T): Record<string, string | number> {
  const entries = Object.entries(args as Record<string, string | number | undefined>);
  return Object.fromEntries(entries.filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''));
}

export const { useGetAuditLogQuery } = auditApi;
