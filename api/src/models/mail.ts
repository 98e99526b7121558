import { BaseModel, type Timestamp } from './base';

/** `mail_deliveries`: a mail job whose message the SMTP server accepted (the queue's sent marker; docs/areas/jobs.md). */
export class MailDelivery extends BaseModel {
  static override tableName = 'mail_deliveries';
  static override idColumn = 'job_id';
  static override columns = ['job_id', 'message_id', 'sent_at'] as const;

  declare job_id: string;
  declare message_id: string;
  declare sent_at: Timestamp;
}
