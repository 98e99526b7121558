import type { User } from '@shared/types';
import { api } from '../../app/api';

export interface ProfileBody {
  id: number;
  fullName: string;
  password?: string;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  photoUrl: string | null;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProfile: build.mutation<{ user: User; isNew: boolean }, ProfileBody>({
      query: (body) => ({ url: '/api/user/upsert', method: 'POST', body }),
      invalidatesTags: (_res, _err, body) => [{ type: 'User', id: body.id }, 'Community'],
    }),
  }),
});

export const { useSaveProfileMutation } = profileApi;
