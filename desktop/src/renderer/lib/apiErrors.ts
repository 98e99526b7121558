import type { SerializedError, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiErrorBody } from '@shared/types';
import { MESSAGES } from '@shared/messages';

/** A server or transport failure, flattened for display. */
export interface ApiError {
  /** HTTP status, or null when the request never got an HTTP answer. */
  status: number | null;
  code: string;
  message: string;
  fields: Record<string, string>;
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const e: unknown = data.error;
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
}

function isFetchBaseQueryError(err: unknown): err is FetchBaseQueryError {
  return typeof err === 'object' && err !== null && 'status' in err;
}

/** Turns an RTK Query error (or anything thrown) into `{status, code, message, fields}`. */
export function toApiError(err: unknown, fallback: string = MESSAGES.somethingWentWrong): ApiError {
  if (isFetchBaseQueryError(err)) {
    const { status } = err;
    if (typeof status === 'number') {
      if (isApiErrorBody(err.data)) {
        const { code, message, fields } = err.data.error;
        return { status, code: code ?? 'error', message: message || fallback, fields: fields ?? {} };
      }
      const message = status >= 500 ? MESSAGES.internalError : fallback;
      return { status, code: 'http_error', message, fields: {} };
    }
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
      return { status: null, code: 'network_error', message: NETWORK_ERROR_MESSAGE, fields: {} };
    }
    if (status === 'PARSING_ERROR') {
      const http = err.originalStatus;
      return {
        status: http,
        code: 'parsing_error',
        message: http >= 500 ? MESSAGES.internalError : fallback,
        fields: {},
      };
    }
    return { status: null, code: 'error', message: fallback, fields: {} };
  }
  const serialized = err as SerializedError | undefined;
  return { status: null, code: serialized?.code ?? 'error', message: fallback, fields: {} };
}

/** The error of a rejected RTK Query action: payload when rejected with a value, else `error`. */
export function apiErrorFromAction(action: UnknownAction, fallback?: string): ApiError {
  const a = action as UnknownAction & { payload?: unknown; error?: unknown };
  return toApiError(a.payload ?? a.error, fallback);
}

/** HTTP status of an RTK Query error, if any. */
export function errorStatus(err: unknown): number | null {
  return toApiError(err).status;
}
