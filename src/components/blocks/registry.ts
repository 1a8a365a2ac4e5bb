/**
 * Which component draws each block type of a page (`blockSchema` in src/schemas/pages.ts), and what
 * else the type needs from its page (its traits: default tone, toasts, Markdown text, structured
 * data). Adding a block type means: its schema, its editor label (src/cms/labels.ts) and one line
 * here; tests/unit/block-registry.test.ts fails when a type has no entry.
 */
import AutomationShowcase from './AutomationShowcase.astro';
import BookingSection from './BookingSection.astro';
import CardGrid from './CardGrid.astro';
import ConsultationList from './ConsultationList.astro';
import ContactFormBlock from './ContactFormBlock.astro';
import CtaBand from './CtaBand.astro';
import DashboardPreview from './DashboardPreview.astro';
import DocumentText from './DocumentText.astro';
import FaqBlock from './FaqBlock.astro';
import IntegrationsGrid from './IntegrationsGrid.astro';
import JobList from './JobList.astro';
import LocationMap from './LocationMap.astro';
import NewsletterBox from './NewsletterBox.astro';
import OfferComparison from './OfferComparison.astro';
import OfferGrid from './OfferGrid.astro';
import Paragraphs from './Paragraphs.astro';
import ProjectFilterBlock from './ProjectFilterBlock.astro';
import ProjectList from './ProjectList.astro';
import SlotGrid from './SlotGrid.astro';
import StatsStrip from './StatsStrip.astro';
import StepList from './StepList.astro';
import TagCloud from './TagCloud.astro';
import TeamGrid from './TeamGrid.astro';
import TestimonialsBlock from './TestimonialsBlock.astro';
import type { Block } from '../../schemas/pages';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

/** What BlockList gives a block's component besides the block itself. */
export interface BlockContext {
  /** The page's rendered Markdown text and its file (legal pages), for a `document` block. */
  document: { html: string; file: string };
  /** The page's collection (its folder holds the blocks' photos). */
  collection?: string;
}

/** What a block type needs from its page besides its component; the layouts read these, never the type. */
export interface BlockTraits<B extends Block> {
  /** The section's tone when the block sets none (without it: alternating, from the block's place). */
  tone?: 'dark';
  /** The block reports through toasts: its page loads the toaster. */
  toasts?: true;
  /** The block shows the page's Markdown text: only the .md pages of src/content/legal/ may have it. */
  document?: true;
  /** The FAQ categories whose questions the block adds to its page's FAQPage structured data. */
  faqPage?: (block: B) => string[];
  /** The block lists the open positions: its page gets their JobPosting structured data. */
  jobPostings?: true;
}

export interface BlockEntry<B extends Block> extends BlockTraits<B> {
  /** The component; it receives `props(block)`, by default `{ block }`. */
  // Astro components are typed by their own Props; the registry only calls them with what `props` returns.
  component: (props: never) => unknown;
  props?: (block: B, context: BlockContext) => Record<string, unknown>;
  /**
   * `section` (default): drawn inside the shared BlockSection (heading, tone, buttons);
   * `own`: the component draws its own section.
   */
  frame?: 'section' | 'own';
}

/** `slot`: the page gives this block's content (the blog pages give their paginated teasers). */
export type Registry = { [T in Block['type']]: BlockEntry<BlockOf<T>> | 'slot' };

export const blockRegistry: Registry = {
  cards: { component: CardGrid, props: (block, { collection }) => ({ block, collection }) },
  steps: {
    component: StepList,
    props: (block) => ({ items: block.items, display: block.display }),
  },
  text: { component: Paragraphs, props: (block) => ({ paragraphs: block.paragraphs }) },
  automation: { component: AutomationShowcase, frame: 'own' },
  integrations: { component: IntegrationsGrid, frame: 'own' },
  booking: {
    component: BookingSection,
    frame: 'own',
    toasts: true,
    props: (block) => ({
      id: block.id,
      title: block.title,
      eyebrow: block.eyebrow,
      intro: block.intro,
      tone: block.tone === 'default' ? 'default' : 'alt',
    }),
  },
  document: { component: DocumentText, document: true, props: (_block, { document }) => document },
  posts: 'slot',
  newsletter: { component: NewsletterBox, frame: 'own' },
  team: { component: TeamGrid, props: () => ({}) },
  jobs: { component: JobList, jobPostings: true, props: () => ({}) },
  tags: { component: TagCloud, props: (block) => ({ items: block.items }) },
  offers: { component: OfferGrid },
  comparison: { component: OfferComparison },
  projects: { component: ProjectList },
  projectFilter: { component: ProjectFilterBlock },
  testimonials: { component: TestimonialsBlock },
  faq: {
    component: FaqBlock,
    faqPage: (block) => (block.structuredData ? block.categories : []),
  },
  stats: { component: StatsStrip, tone: 'dark', props: (block) => ({ items: block.items }) },
  form: { component: ContactFormBlock, toasts: true },
  location: { component: LocationMap },
  cta: { component: CtaBand, frame: 'own' },
  dashboard: { component: DashboardPreview, props: (block) => ({ window: block.window }) },
  consultations: { component: ConsultationList },
  slots: { component: SlotGrid, props: (block) => ({ week: block.week }) },
};

/** The traits of a block's type (none for the page's slot). */
export function blockTraits(block: Block): BlockTraits<Block> {
  const entry = blockRegistry[block.type] as BlockEntry<Block> | 'slot';
  return entry === 'slot' ? {} : entry;
}
