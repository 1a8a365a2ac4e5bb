import { z } from 'astro/zod';
import { metric, text } from './building-blocks';
import { photo } from './photo';

/** Project categories; the filter of /nos-realisations uses these slugs. */
export const projectCategories = [
  'automatisation',
  'sites-web',
  'e-commerce',
  'applications',
] as const;

/** A short label drawn inside a preview (it must fit the mock-up). */
const previewText = (max: number) =>
  z.string().min(1).max(max, `at most ${max} characters, to fit in the preview`);

/** The kinds of project preview and the fields each one needs. */
const previewFields = {
  site: ['headline', 'screens'],
  chatbot: ['messages'],
  workflow: ['steps'],
} as const;

/**
 * What the visual preview of a project shows (src/lib/art/project-preview.ts), drawn in the project's
 * colour: the site in a browser and a phone (`headline`, `screens`, `typeface`), the chatbot
 * conversation (`messages`) or the workflow (`steps`). One flat object, so the visual editor can
 * show it; each kind's fields are required for that kind, then typed per kind.
 */
export const projectPreviewSchema = z
  .object({
    kind: z.enum(['site', 'chatbot', 'workflow']),
    /** The headline of the site's home page, as the mock-up shows it. */
    headline: previewText(34).optional(),
    /** Main pages of the site, shown as its menu; the second one is the phone's screen. */
    screens: z.array(previewText(14)).min(2).max(4).optional(),
    /** The kind of typeface the client's site uses. */
    typeface: z.enum(['sans', 'serif', 'rounded']).default('sans'),
    /** A typical exchange, in order (a visitor's question, then the assistant's answer…). */
    messages: z
      .array(z.strictObject({ from: z.enum(['visitor', 'bot']), text: previewText(38) }))
      .min(2)
      .max(4)
      .optional(),
    /** The steps the automation runs, in order. */
    steps: z.array(previewText(18)).min(3).max(5).optional(),
  })
  .superRefine((preview, ctx) => {
    for (const field of previewFields[preview.kind])
      if (preview[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `required when kind is ${preview.kind}`,
        });
  })
  .transform((preview) =>
    preview.kind === 'site'
      ? {
          kind: 'site' as const,
          headline: preview.headline!,
          screens: preview.screens!,
          typeface: preview.typeface,
        }
      : preview.kind === 'chatbot'
        ? { kind: 'chatbot' as const, messages: preview.messages! }
        : { kind: 'workflow' as const, steps: preview.steps! },
  );

/** Projects: `src/content/projects/<slug>.yaml`, one page each at /nos-realisations/<slug>. */
export const projectSchema = z.strictObject({
  title: text,
  client: text,
  year: z.number().int().min(2000).max(2100),
  category: z.enum(projectCategories),
  order: z.number().int().default(0),
  description: text,
  challenge: text,
  solution: text,
  technologies: z.array(text).min(1),
  metrics: z.array(metric).length(3),
  features: z.array(text).min(1),
  /** The client's colour family: the preview is drawn in it. */
  colour: z.enum(['indigo', 'emerald', 'rose', 'amber', 'sky', 'violet']),
  preview: projectPreviewSchema,
  /** A real screenshot or photo of the project, in place of the drawn preview. */
  photo: photo.optional(),
  showOn: z.array(text).default([]),
});

export type Project = z.infer<typeof projectSchema>;
export type ProjectPreview = z.infer<typeof projectPreviewSchema>;
export type ProjectCategory = (typeof projectCategories)[number];
