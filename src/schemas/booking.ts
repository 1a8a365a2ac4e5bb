/** The booking collections: the consultation types and the weekly slot grid that books them. */
import { z } from 'astro/zod';
import { text } from './building-blocks';

/** Days of the weekly slot grid, as they appear in booking links (`jour=`). */
export const weekDays = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'] as const;

/** Consultation types: `src/content/consultations/<id>.yaml`. */
export const consultationSchema = z.strictObject({
  title: text,
  duration: text,
  price: text,
  description: text,
  features: z.array(text).min(1),
  popular: z.boolean().default(false),
  order: z.number().int().default(0),
});

/** The weekly slot grid: `src/content/slots/semaine.yaml` (3 to 4 slots a day, 09:00 to 16:00). */
export const slotWeekSchema = z.strictObject({
  /** Consultation (file name in src/content/consultations) a slot books by default. */
  consultation: text,
  slotLabel: text,
  days: z
    .array(
      z.strictObject({
        day: z.enum(weekDays),
        label: text,
        times: z
          .array(
            z
              .string()
              .regex(
                /^(09|1[0-6]):[0-5]\d$/,
                'heure entre 09:00 et 16:59 attendue, par exemple 14:30',
              ),
          )
          .min(3)
          .max(4),
      }),
    )
    .length(5),
});

export type WeekDay = (typeof weekDays)[number];
