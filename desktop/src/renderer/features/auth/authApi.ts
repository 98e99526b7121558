import type { CurrentUser, Role } from '@shared/types';
import { api } from '../../app/api';

export interface CurrentUserResponse {
  currentUser: CurrentUser;
}

export interface SignInBody {
  email: string;
  password: string;
}

export interface SignUpBody {
  fullName: string;
  email: string;
  password: string;
  signuptags?: string;
}

/** docs/areas/auth.md#api Auth and the Stripe customer portal (the rest of Stripe comes later). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<CurrentUserResponse, void>({
      query: () => '/api/auth/me',
    }),
    signIn: build.mutation<CurrentUserResponse, SignInBody>({
      query: (body) => ({ url: '/api/auth/signin', method: 'POST', body }),
    }),
    signUp: build.mutation<CurrentUserResponse, SignUpBody>({
      query: (body) => ({ url: '/api/auth/signup', method: 'POST', body }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: '/api/auth/signout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ user: CurrentUser }, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `/api/auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
    }),
    signInAs: build.mutation<CurrentUserResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/signinas', method: 'POST', body }),
    }),
    signInAsReturn: build.mutation<CurrentUserResponse, void>({
      query: () => ({ url: '/api/auth/signinas/return', method: 'POST' }),
    }),
    switchRole: build.mutation<CurrentUserResponse, { role: Role }>({
      query: (body) => ({ url: '/api/auth/switch-role', method: 'POST', body }),
    }),
    /** The board's welcome video was closed: shown once per account (docs/areas/board.md). */
    markWelcomeSeen: build.mutation<CurrentUserResponse, void>({
      query: () => ({ url: '/api/auth/me/welcome-seen', method: 'PUT' }),
    }),
    createCustomerPortal: build.mutation<{ url: string }, { customerId: string }>({
      query: ({ customerId }) => ({
        url: `/api/stripe/create-customer-portal/${encodeURIComponent(customerId)}`,
        method: 'POST',
      }),
    }),
  }),
});

export const {
  useMeQuery,
  useSignInMutation,
  useSignUpMutation,
  useSignOutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSignInAsMutation,
  useSignInAsReturnMutation,
  useSwitchRoleMutation,
  useMarkWelcomeSeenMutation,
  useCreateCustomerPortalMutation,
} = authApi;
