import { useEffect, useId, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_PREFERENCE_TYPES,
  type NotificationDelivery,
  type NotificationPreferenceType,
} from '@shared/schemas/notifications';
import type { NotificationPreferencesResponse } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader } from '../../components/Card';
import { inputClasses } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from './notificationsApi';

const TYPE_LABELS: Record<NotificationPreferenceType, string> = {
  comment: MESSAGES.notificationPreferenceComment,
  for_review: MESSAGES.notificationPreferenceForReview,
  review_done: MESSAGES.notificationPreferenceReviewDone,
  card_due_soon: MESSAGES.notificationPreferenceCardDueSoon,
  card_overdue: MESSAGES.notificationPreferenceCardOverdue,
  review_waiting_long: MESSAGES.notificationPreferenceReviewWaitingLong,
  community_mention: MESSAGES.notificationPreferenceCommunityMention,
  community_comment: MESSAGES.notificationPreferenceCommunityComment,
  community_reply: MESSAGES.notificationPreferenceCommunityReply,
};

const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  app: MESSAGES.notificationDeliveryApp,
  email: MESSAGES.notificationDeliveryEmail,
  digest: MESSAGES.notificationDeliveryDigest,
};

type Preferences = NotificationPreferencesResponse['preferences'];

/** The /profile card where a user chooses, per type, in the app only, with email, or in the daily digest. */
export function NotificationPreferences() {
  const idBase = useId();
  const { data, isError, refetch } = useGetNotificationPreferencesQuery();
  const [save, { isLoading }] = useSaveNotificationPreferencesMutation();
  const [values, setValues] = useState<Preferences | null>(null);
  useEffect(() => {
    if (data) setValues(data.preferences);
  }, [data]);

  let body;
  if (isError && !data) {
    body = (
      <Banner kind="error">
        {MESSAGES.notificationPreferencesLoadFailed}{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          {MESSAGES.notificationsTryAgain}
        </button>
      </Banner>
    );
  } else if (!values) {
    body = <Loading />;
  } else {
    body = (
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ preferences: values });
        }}
      >
        {NOTIFICATION_PREFERENCE_TYPES.map((type) => (
          // The label names the select by its id only, so its name is the type, not the options' text.
          <div key={type} className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            <label htmlFor={`${idBase}-${type}`}>{TYPE_LABELS[type]}</label>
            <select
              id={`${idBase}-${type}`}
              className={inputClasses(false, 'select')}
              value={values[type]}
              onChange={(e) => setValues({ ...values, [type]: e.target.value as NotificationDelivery })}
            >
              {NOTIFICATION_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {DELIVERY_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? MESSAGES.notificationPreferencesSaving : MESSAGES.notificationPreferencesSave}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Card>
      <CardHeader title={MESSAGES.notificationPreferencesTitle} description={MESSAGES.notificationPreferencesHint} />
      <div className="px-5 py-4">{body}</div>
    </Card>
  );
}
