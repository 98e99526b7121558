import type {
  CalendarCallResponse,
  CalendarEventsResponse,
  CalendarFeedResponse,
  CalendarRsvpResponse,
  CallRepeat,
  Role,
} from '@shared/types';
import { api } from '../../app/api';

export interface CallUpsertBody {
  id?: number;
  title: string;
  description: string;
  startsAt: string;
  durationMinutes: number;
  joinUrl: string;
  repeat: CallRepeat;
  until: string | null;
  roles: Role[];
  tagIds: number[];
}

/** The calendar (docs/areas/calendar.md): events of a range, calls for admins, RSVPs and the feed address. */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarEvents: build.query<CalendarEventsResponse, { from: string; to: string }>({
      query: (params) => ({ url: '/api/calendar/events', params }),
      providesTags: ['Calendar'],
    }),
    getCall: build.query<CalendarCallResponse, number>({
      query: (id) => `/api/calendar/call/${id}`,
      providesTags: ['Calendar'],
    }),
    upsertCall: build.mutation<CalendarCallResponse, CallUpsertBody>({
      query: (body) => ({ url: '/api/calendar/call/upsert', method: 'POST', body }),
      invalidatesTags: ['Calendar'],
    }),
    deleteCall: build.mutation<{ success: boolean; message: string }, number>({
      query: (id) => ({ url: `/api/calendar/call/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Calendar'],
    }),
    rsvpCall: build.mutation<CalendarRsvpResponse, { id: number; going: boolean }>({
      query: ({ id, going }) => ({ url: `/api/calendar/call/${id}/rsvp`, method: 'PUT', body: { going } }),
      invalidatesTags: ['Calendar'],
    }),
    getCalendarFeed: build.query<CalendarFeedResponse, void>({
      query: () => '/api/calendar/feed',
      providesTags: ['CalendarFeed'],
    }),
    rotateCalendarFeed: build.mutation<CalendarFeedResponse, void>({
      query: () => ({ url: '/api/calendar/feed/rotate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(calendarApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const {
  useGetCalendarEventsQuery,
  useGetCallQuery,
  useLazyGetCallQuery,
  useUpsertCallMutation,
  useDeleteCallMutation,
  useRsvpCallMutation,
  useGetCalendarFeedQuery,
  useRotateCalendarFeedMutation,
} = calendarApi;
