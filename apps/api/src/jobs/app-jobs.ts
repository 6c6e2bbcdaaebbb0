import type { AppDeps } from '../app-deps';
import { writeDueReminders } from '../modules/messages/message-events';
import { writeDueVaccineReminders } from '../modules/messages/vaccine-reminders';
import type { RepeatingJob } from './job-runner';

/** Everything the app does in the background. */
export const appJobs = ({ db, config, messageDelivery }: AppDeps): RepeatingJob[] => [
  // The outbox: messages written with the change that caused them go out within seconds.
  { name: 'outbox-delivery', everySeconds: 2, run: () => messageDelivery.run() },
  // Reminders enter the outbox when their appointment comes within REMINDER_HOURS_BEFORE.
  { name: 'appointment-reminders', everySeconds: 60, run: () => writeDueReminders(db, config.REMINDER_HOURS_BEFORE) },
  // A vaccine's next dose within 7 days: one message per vaccine and due date.
  { name: 'vaccine-reminders', everySeconds: 3600, run: () => writeDueVaccineReminders(db) },
];
