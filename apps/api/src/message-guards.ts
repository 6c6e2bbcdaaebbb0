import { reminderStillStands } from './modules/appointments/appointment-messages';
import type { DeliveryGuards } from './modules/messages/message-delivery';
import { vaccineReminderStillStands } from './modules/pets/vaccine-reminders';
import { takesWhatsapp } from './modules/users/users.service';

/** What the modules that write messages check again when one is about to go out. */
export const messageGuards: DeliveryGuards = {
  takesWhatsapp,
  stillStands: {
    'appointment-reminder': (db, payload) => reminderStillStands(db, payload),
    'vaccine-due': vaccineReminderStillStands,
  },
};
